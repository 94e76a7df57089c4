import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/env.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'knotwork-env-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function secretFile(name: string, content: string): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, content);
  return file;
}

describe('DEV_MAILBOX', () => {
  it('is off by default in production, even without SMTP_URL', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).DEV_MAILBOX).toBe(false);
  });

  it('refuses to start when asked for in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DEV_MAILBOX: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', DEV_MAILBOX: 'true' })).toThrow(
      /DEV_MAILBOX.*NODE_ENV=production/,
    );
    expect(loadConfig({ NODE_ENV: 'production', DEV_MAILBOX: 'false' }).DEV_MAILBOX).toBe(false);
  });

  it('defaults to on without SMTP_URL outside production, off with it', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).DEV_MAILBOX).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).DEV_MAILBOX).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', SMTP_URL: 'smtp://127.0.0.1:2525' }).DEV_MAILBOX).toBe(
      false,
    );
    expect(
      loadConfig({ NODE_ENV: 'development', SMTP_URL: 'smtp://127.0.0.1:2525', DEV_MAILBOX: 'true' })
        .DEV_MAILBOX,
    ).toBe(true);
  });
});

describe('secrets from the environment or a <NAME>_FILE', () => {
  const jwt = 'j'.repeat(40);
  const otp = 'o'.repeat(40);

  it('reads JWT_SECRET and OTP_SECRET from the environment', () => {
    const config = loadConfig({ JWT_SECRET: jwt, OTP_SECRET: otp });
    expect(config.JWT_SECRET).toBe(jwt);
    expect(config.OTP_SECRET).toBe(otp);
  });

  it('reads them from files, without the trailing newline', () => {
    const config = loadConfig({
      JWT_SECRET_FILE: secretFile('jwt', `${jwt}\n`),
      OTP_SECRET_FILE: secretFile('otp', otp),
      VAPID_PRIVATE_KEY_FILE: secretFile('vapid', 'private-key\n'),
      SMTP_URL_FILE: secretFile('smtp', 'smtp://user:pass@mail.example.com:587\n'),
    });
    expect(config.JWT_SECRET).toBe(jwt);
    expect(config.OTP_SECRET).toBe(otp);
    expect(config.VAPID_PRIVATE_KEY).toBe('private-key');
    expect(config.SMTP_URL).toBe('smtp://user:pass@mail.example.com:587');
  });

  it('prefers the variable over its file', () => {
    const config = loadConfig({ JWT_SECRET: jwt, JWT_SECRET_FILE: secretFile('jwt-other', 'x'.repeat(40)) });
    expect(config.JWT_SECRET).toBe(jwt);
  });

  it('validates a secret read from a file like one from the environment', () => {
    expect(() => loadConfig({ OTP_SECRET_FILE: secretFile('short', 'short') })).toThrow(
      /OTP_SECRET must be at least 32 characters/,
    );
  });

  it('refuses to start when the file cannot be read', () => {
    expect(() => loadConfig({ JWT_SECRET_FILE: path.join(dir, 'missing') })).toThrow(ConfigError);
    expect(() => loadConfig({ JWT_SECRET_FILE: path.join(dir, 'missing') })).toThrow(
      /JWT_SECRET_FILE: cannot read .*ENOENT/,
    );
  });
});

describe('payment providers', () => {
  const stripe = {
    STRIPE_SECRET_KEY: 'sk_test_1',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
    STRIPE_WEBHOOK_SECRET: 'whsec_1',
  };
  const paypal = { PAYPAL_CLIENT_ID: 'client', PAYPAL_CLIENT_SECRET: 'secret', PAYPAL_WEBHOOK_ID: 'WH-1' };

  it('starts with both providers fully set or fully unset', () => {
    expect(loadConfig({ ...stripe, ...paypal }).STRIPE_SECRET_KEY).toBe('sk_test_1');
    expect(loadConfig({}).STRIPE_SECRET_KEY).toBeUndefined();
  });

  it('refuses a half-configured Stripe, naming what is missing', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(
      /STRIPE_PUBLISHABLE_KEY[\s\S]*STRIPE_WEBHOOK_SECRET/,
    );
    expect(() => loadConfig({ ...stripe, STRIPE_WEBHOOK_SECRET: '' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() => loadConfig({ ...stripe, STRIPE_SECRET_KEY: 'pk_test_1' })).toThrow(
      /STRIPE_SECRET_KEY: must start/,
    );
    expect(() => loadConfig({ ...stripe, STRIPE_PUBLISHABLE_KEY: 'pk_live_1' })).toThrow(/mixed/);
  });

  it('refuses a half-configured PayPal', () => {
    expect(() => loadConfig({ PAYPAL_CLIENT_ID: 'client' })).toThrow(
      /PAYPAL_CLIENT_SECRET[\s\S]*PAYPAL_WEBHOOK_ID/,
    );
  });

  it('talks to the PayPal sandbox except in production, unless PAYPAL_API_URL says otherwise', () => {
    expect(loadConfig({}).PAYPAL_API_URL).toBe('https://api-m.sandbox.paypal.com');
    expect(loadConfig({ NODE_ENV: 'production' }).PAYPAL_API_URL).toBe('https://api-m.paypal.com');
    expect(loadConfig({ PAYPAL_API_URL: 'http://127.0.0.1:9999/' }).PAYPAL_API_URL).toBe(
      'http://127.0.0.1:9999',
    );
  });

  it('reads the provider secrets from files too', () => {
    const config = loadConfig({
      ...stripe,
      STRIPE_SECRET_KEY: '',
      STRIPE_SECRET_KEY_FILE: secretFile('stripe', 'sk_test_file\n'),
    });
    expect(config.STRIPE_SECRET_KEY).toBe('sk_test_file');
  });
});
