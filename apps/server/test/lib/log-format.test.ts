import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/env.ts';
import {
  formatLogLine,
  prettyStream,
  requestLogController,
  resolveLogFormat,
} from '../../src/lib/log-format.ts';
import { notSentLine } from '../../src/modules/mail/mailer.ts';

/** Issue 24 section 9: a terminal log a person can read, JSON for production (decision 078). */
describe('log format', () => {
  it('is pretty in a terminal and JSON elsewhere unless LOG_FORMAT says, at info by default', () => {
    expect(resolveLogFormat(undefined, true)).toBe('pretty');
    expect(resolveLogFormat(undefined, false)).toBe('json');
    expect(resolveLogFormat('json', true)).toBe('json');
    expect(resolveLogFormat('pretty', false)).toBe('pretty');
    const config = loadConfig({ JWT_SECRET: 'x'.repeat(32) });
    expect(config.LOG_LEVEL).toBe('info');
    expect(config.LOG_FORMAT).toBeUndefined();
    expect(loadConfig({ LOG_FORMAT: 'json' }).LOG_FORMAT).toBe('json');
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow();
  });

  it('prints one short line per event, the error stack indented below', () => {
    const line = formatLogLine(
      JSON.stringify({
        level: 30,
        time: Date.UTC(2026, 10, 28, 8, 21, 3),
        pid: 1,
        hostname: 'vm',
        rugs: 200,
        msg: 'demo catalogue seeded',
      }),
    );
    expect(line).toMatch(/^\d\d:\d\d:\d\d INFO {2}demo catalogue seeded rugs=200$/);
    const error = formatLogLine(
      JSON.stringify({ level: 50, msg: 'boom', err: { message: 'bad', stack: 'Error: bad\n    at x' } }),
    );
    expect(error.split('\n')[0]).toMatch(/ERROR boom$/);
    expect(error).toContain('\n    Error: bad');
    expect(formatLogLine('not json')).toBe('not json');
  });

  it('frames a mail that was not sent, so the sign-up code stands out', () => {
    const message = {
      to: 'new@example.com',
      subject: 'Your Knotwork verification code: 1234',
      text: 'Your code is 1234',
      kind: 'otp',
    };
    const out = formatLogLine(JSON.stringify({ level: 40, msg: notSentLine(message as never), ...message }));
    const lines = out.replace(/^\n+|\n+$/g, '').split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/^ {2}┌─+┐$/);
    expect(lines[1]).toContain('MAIL NOT SENT (no SMTP_URL) to new@example.com');
    expect(lines[2]).toContain('Your Knotwork verification code: 1234');
    expect(lines[3]).toMatch(/^ {2}└─+┘$/);
    expect(new Set(lines.map((l) => l.length)).size).toBe(1);
  });

  it('logs one line per request: at info in JSON, at debug in the terminal', async () => {
    for (const [format, level] of [
      ['json', 30],
      ['pretty', 20],
    ] as const) {
      const lines: Record<string, unknown>[] = [];
      const stream = new Writable({
        write(chunk: Buffer, _e, done) {
          for (const l of chunk.toString().split('\n'))
            if (l) lines.push(JSON.parse(l) as Record<string, unknown>);
          done();
        },
      });
      const app = Fastify({
        logger: { level: 'trace', stream },
        logController: requestLogController({ LOG_FORMAT: format }),
      });
      app.get('/x', () => ({ ok: true }));
      await app.inject({ url: '/x' });
      await app.close();
      const requests = lines.filter((l) => l.msg === 'request completed' || l.msg === 'incoming request');
      expect(requests, format).toHaveLength(1);
      expect(requests[0]!.level).toBe(level);
      expect(formatLogLine(JSON.stringify(requests[0]))).toMatch(/request completed GET \/x 200 \d+ ms$/);
    }
  });

  it('formats what pino writes, line by line', async () => {
    let out = '';
    const sink = new Writable({
      write(chunk: Buffer, _e, done) {
        out += chunk.toString();
        done();
      },
    });
    const pretty = prettyStream(sink, false);
    pretty.write('{"level":40,"msg":"one"}\n{"level":30,');
    pretty.write('"msg":"two"}\n');
    await new Promise((r) => pretty.end(r));
    expect(
      out
        .trim()
        .split('\n')
        .map((l) => l.slice(9)),
    ).toEqual(['WARN  one', 'INFO  two']);
  });
});
