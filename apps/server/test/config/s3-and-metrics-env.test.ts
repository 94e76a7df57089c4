import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/env.ts';

const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/knotwork-config-test' };

describe('S3 and metrics settings are checked at start', () => {
  it('keeps media in the folder by default and in the bucket with S3_BUCKET', () => {
    expect(loadConfig(base).S3_BUCKET).toBeUndefined();
    const config = loadConfig({
      ...base,
      S3_BUCKET: 'media',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(config).toMatchObject({ S3_BUCKET: 'media', S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: true });
    expect(loadConfig(base).METRICS_PORT).toBeUndefined();
  });

  it('refuses half a configuration with a message naming the setting', () => {
    expect(() => loadConfig({ ...base, S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(
      /S3_BUCKET: required/,
    );
    expect(() => loadConfig({ ...base, S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'key' })).toThrow(
      /set both or neither/,
    );
    expect(() => loadConfig({ ...base, S3_BUCKET: 'media', S3_ENDPOINT: 'not a url' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, S3_BUCKET: 'media', S3_FORCE_PATH_STYLE: 'maybe' })).toThrow(
      /S3_FORCE_PATH_STYLE/,
    );
  });

  it('never serves metrics on the public port', () => {
    expect(() => loadConfig({ ...base, PORT: '3100', METRICS_PORT: '3100' })).toThrow(
      /METRICS_PORT: must differ from PORT/,
    );
    expect(loadConfig({ ...base, PORT: '3100', METRICS_PORT: '9464' }).METRICS_PORT).toBe(9464);
    expect(() => loadConfig({ ...base, METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
  });
});
