import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/env.ts';
import { createTestApp } from '../helpers/app.ts';

const base = { NODE_ENV: 'test', DATABASE_URL: 'postgres://u@127.0.0.1:5432/db' };

describe('WORKERS (decision 099)', () => {
  it('defaults to 1; `auto` is the number of cores; a number is taken as is', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).WORKERS).toBe(1);
    expect(loadConfig({ NODE_ENV: 'test', WORKERS: '' }).WORKERS).toBe(1);
    expect(loadConfig({ ...base, WORKERS: 'auto' }).WORKERS).toBe(os.availableParallelism());
    expect(loadConfig({ ...base, WORKERS: '3' }).WORKERS).toBe(3);
    expect(() => loadConfig({ ...base, WORKERS: '0' })).toThrow(/WORKERS/);
    expect(() => loadConfig({ ...base, WORKERS: 'two' })).toThrow(/WORKERS/);
  });

  it('refuses more than one process on the embedded database, naming DATABASE_URL', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', WORKERS: '2' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'test', WORKERS: '2' })).toThrow(
      /WORKERS: 2 processes need DATABASE_URL/,
    );
    // One process on PGlite is the default and stays so.
    expect(loadConfig({ NODE_ENV: 'test', WORKERS: '1' }).WORKERS).toBe(1);
  });

  it("gives each worker's metrics port a range that must not cover PORT", () => {
    expect(() => loadConfig({ ...base, WORKERS: '2', PORT: '9091', METRICS_PORT: '9090' })).toThrow(
      /METRICS_PORT/,
    );
    expect(loadConfig({ ...base, WORKERS: '2', PORT: '3000', METRICS_PORT: '9090' }).METRICS_PORT).toBe(9090);
  });

  it('on the embedded database (one process) the scheduler always holds the jobs’ lease', async () => {
    const t = await createTestApp();
    try {
      expect(await t.app.jobs.tick()).not.toBeNull();
      expect(await t.app.jobs.tick()).not.toBeNull();
    } finally {
      await t.close();
    }
  });
});
