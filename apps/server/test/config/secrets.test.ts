import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { ConfigError } from '../../src/config/env.ts';
import { requireProductionSecrets, warnAboutDatabaseSecrets } from '../../src/lib/secrets.ts';
import { newAccount, post, lastCode } from '../auth/helpers.ts';

function fakeLog() {
  const warnings: { fields: Record<string, unknown>; msg: string }[] = [];
  const log = {
    warn: (fields: Record<string, unknown>, msg: string) => void warnings.push({ fields, msg }),
  } as unknown as FastifyBaseLogger;
  return { log, warnings };
}

const all = {
  JWT_SECRET: 'j'.repeat(40),
  OTP_SECRET: 'o'.repeat(40),
  PAYOUT_DETAILS_KEY: 'p'.repeat(40),
  VAPID_PUBLIC_KEY: 'pub',
  VAPID_PRIVATE_KEY: 'priv',
};
const none = {
  JWT_SECRET: undefined,
  OTP_SECRET: undefined,
  PAYOUT_DETAILS_KEY: undefined,
  VAPID_PUBLIC_KEY: undefined,
  VAPID_PRIVATE_KEY: undefined,
};

describe('the start-up warning about secrets kept in the database', () => {
  it('names every secret that production keeps in the database', () => {
    const { log, warnings } = fakeLog();
    warnAboutDatabaseSecrets({ NODE_ENV: 'production', ...none }, log);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.fields.secrets).toEqual([
      'JWT_SECRET',
      'OTP_SECRET',
      'PAYOUT_DETAILS_KEY',
      'VAPID_PRIVATE_KEY',
    ]);
    expect(warnings[0]!.msg).toMatch(
      /secrets kept in the database: JWT_SECRET, OTP_SECRET, PAYOUT_DETAILS_KEY, VAPID_PRIVATE_KEY/,
    );
  });

  it('names only the missing ones', () => {
    const { log, warnings } = fakeLog();
    warnAboutDatabaseSecrets({ NODE_ENV: 'production', ...all, OTP_SECRET: undefined }, log);
    expect(warnings[0]!.fields.secrets).toEqual(['OTP_SECRET']);
  });

  it('is quiet when production sets them all, and outside production', () => {
    const { log, warnings } = fakeLog();
    warnAboutDatabaseSecrets({ NODE_ENV: 'production', ...all }, log);
    warnAboutDatabaseSecrets({ NODE_ENV: 'development', ...none }, log);
    warnAboutDatabaseSecrets({ NODE_ENV: 'test', ...none }, log);
    // `npm start` runs the demo in production mode: a newcomer's first start is quiet.
    warnAboutDatabaseSecrets({ NODE_ENV: 'production', SEED_DEMO: true, ...none }, log);
    expect(warnings).toEqual([]);
  });
});

describe('a deployment refuses to start without JWT_SECRET and OTP_SECRET (issue 25 section 4)', () => {
  it('in production, names each missing one', () => {
    expect(() => requireProductionSecrets({ NODE_ENV: 'production', SEED_DEMO: false, ...none })).toThrow(
      ConfigError,
    );
    expect(() => requireProductionSecrets({ NODE_ENV: 'production', SEED_DEMO: false, ...none })).toThrow(
      /JWT_SECRET: must be set when NODE_ENV=production[\s\S]*OTP_SECRET: must be set[\s\S]*PAYOUT_DETAILS_KEY: must be set/,
    );
    expect(() =>
      requireProductionSecrets({
        NODE_ENV: 'production',
        SEED_DEMO: false,
        ...all,
        PAYOUT_DETAILS_KEY: undefined,
      }),
    ).toThrow(/^Invalid configuration:\n {2}PAYOUT_DETAILS_KEY: must be set[^\n]*$/);
    expect(() =>
      requireProductionSecrets({ NODE_ENV: 'production', SEED_DEMO: false, ...all, OTP_SECRET: undefined }),
    ).toThrow(/^Invalid configuration:\n {2}OTP_SECRET: must be set[^\n]*$/);
    expect(() =>
      requireProductionSecrets({ NODE_ENV: 'production', SEED_DEMO: false, ...all }),
    ).not.toThrow();
  });

  it('the demo and development keep generating them', () => {
    expect(() =>
      requireProductionSecrets({ NODE_ENV: 'production', SEED_DEMO: true, ...none }),
    ).not.toThrow();
    expect(() =>
      requireProductionSecrets({ NODE_ENV: 'development', SEED_DEMO: false, ...none }),
    ).not.toThrow();
    expect(() => requireProductionSecrets({ NODE_ENV: 'test', SEED_DEMO: false, ...none })).not.toThrow();
  });

  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
  /** Starts server.ts and waits for it to exit (a database nobody answers at: it never gets far without refusing). */
  const start = (env: Record<string, string>) =>
    new Promise<{ code: number | null; output: string }>((resolve) => {
      const output: string[] = [];
      const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
        cwd: root,
        env: {
          PATH: process.env.PATH ?? '',
          NODE_ENV: 'production',
          SEED_DEMO: 'false',
          LOG_LEVEL: 'silent',
          DATA_DIR: '/tmp/knotwork-test-data',
          DATABASE_URL: 'postgres://knotwork@127.0.0.1:9/nothing',
          PORT: '0',
          ...env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout.on('data', (d: Buffer) => output.push(d.toString()));
      child.stderr.on('data', (d: Buffer) => output.push(d.toString()));
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      child.on('exit', (code) => {
        clearTimeout(timer);
        resolve({ code, output: output.join('') });
      });
    });

  it('server.ts in production without them exits at once with the message, before opening the database', async () => {
    const { code, output } = await start({});
    expect(code).toBe(1);
    expect(output).toContain('JWT_SECRET: must be set when NODE_ENV=production');
    expect(output).toContain('OTP_SECRET: must be set when NODE_ENV=production');
    expect(output).toContain('PAYOUT_DETAILS_KEY: must be set when NODE_ENV=production');
    expect(output).not.toMatch(/ECONNREFUSED|at .*\.ts:\d+/);
  }, 40_000);
});

describe('secrets from the environment are used, and not stored', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function registerAndReadCode(app: TestApp) {
    const account = newAccount();
    expect((await post(app, '/auth/register', account)).statusCode).toBe(201);
    const code = lastCode(app, account.email);
    const [row] = await app.database.query<{ user_id: string; code_hash: string }>(
      "select o.user_id, o.code_hash from otp_codes o join users u on u.id = o.user_id where u.email = $1 and o.purpose = 'verify_email'",
      [account.email],
    );
    return { code, ...row! };
  }
  const settingKeys = async (app: TestApp) =>
    (await app.database.query<{ key: string }>('select key from app_settings order by key')).map(
      (r) => r.key,
    );

  it('OTP_SECRET keys the code hashes, and no otp_secret is written to the database', async () => {
    const secret = 'an-otp-secret-from-the-environment-0123456789';
    t = await createTestApp({ OTP_SECRET: secret });
    const { code, user_id, code_hash } = await registerAndReadCode(t);
    expect(code_hash).toBe(
      crypto.createHmac('sha256', secret).update(`verify_email:${user_id}:${code}`).digest('hex'),
    );
    expect(await settingKeys(t)).not.toContain('otp_secret');
    expect(await settingKeys(t)).not.toContain('jwt_secret');
  });

  it('without OTP_SECRET or JWT_SECRET both are generated into app_settings (the fallback production warns about)', async () => {
    t = await createTestApp({ JWT_SECRET: '' });
    await registerAndReadCode(t);
    expect(await settingKeys(t)).toEqual(expect.arrayContaining(['jwt_secret', 'otp_secret']));
  });
});
