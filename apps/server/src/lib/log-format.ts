import { Writable } from 'node:stream';
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Config } from '../config/env.ts';

/**
 * How the server's log reads (decision 078). `json`: pino's one JSON object per line, for log collectors, with one
 * `request completed` line per request at info. `pretty`: one short line per event for a person at a terminal
 * (`08:21:03 WARN  message key=value`), requests only at debug, and a mail that was not sent (no SMTP_URL) as a
 * framed box, where sign-up codes are easy to find. No dependency: pino writes JSON lines into a stream that
 * rewrites them.
 */
export type LogFormat = 'pretty' | 'json';

/** LOG_FORMAT when set, else `pretty` in a terminal and `json` anywhere else (a container, a service, a file). */
export function resolveLogFormat(
  value: LogFormat | undefined,
  isTty = Boolean(process.stdout.isTTY),
): LogFormat {
  return value ?? (isTty ? 'pretty' : 'json');
}

const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};
const COLOURS: Record<number, string> = { 10: '90', 20: '90', 30: '36', 40: '33', 50: '31', 60: '35' };
/** pino's own fields, and request plumbing a person does not read. */
const HIDDEN = new Set([
  'level',
  'time',
  'pid',
  'hostname',
  'msg',
  'reqId',
  'err',
  'text',
  'req',
  'res',
  'responseTime',
]);

/** The prefix of the mailer's line for a mail kept because SMTP_URL is unset (modules/mail/mailer.ts notSentLine). */
const NOT_SENT = 'MAIL NOT SENT';

const clock = (time: unknown) => {
  const d = typeof time === 'number' ? new Date(time) : new Date();
  return [d.getHours(), d.getMinutes(), d.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':');
};

const show = (value: unknown) => {
  if (typeof value === 'string') return /\s/.test(value) ? JSON.stringify(value) : value;
  return JSON.stringify(value);
};

/** A framed box around `lines`, indented like the start-up banner. */
export function framed(lines: string[]): string {
  const width = Math.max(...lines.map((l) => l.length));
  const bar = '─'.repeat(width + 2);
  return [`  ┌${bar}┐`, ...lines.map((l) => `  │ ${l.padEnd(width)} │`), `  └${bar}┘`].join('\n');
}

/** One pino JSON line as a person reads it; the line itself when it is not JSON. */
export function formatLogLine(line: string, colour = false): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line;
  }
  const level = typeof entry.level === 'number' ? entry.level : 30;
  const msg = typeof entry.msg === 'string' ? entry.msg : '';
  if (msg.startsWith(NOT_SENT) && typeof entry.subject === 'string') {
    return `\n${framed([`${NOT_SENT} (no SMTP_URL) to ${String(entry.to)}`, entry.subject])}\n`;
  }
  const name = (LEVELS[level] ?? String(level)).padEnd(5);
  const tag = colour ? `\u001b[${COLOURS[level] ?? '0'}m${name}\u001b[0m` : name;
  const req = entry.req as { method?: string; url?: string } | undefined;
  const res = entry.res as { statusCode?: number } | undefined;
  const request =
    req?.method && res?.statusCode !== undefined
      ? ` ${req.method} ${req.url} ${res.statusCode} ${Math.round(Number(entry.responseTime ?? 0))} ms`
      : '';
  const fields = Object.entries(entry)
    .filter(([k, v]) => !HIDDEN.has(k) && v !== undefined)
    .map(([k, v]) => `${k}=${show(v)}`);
  const err = entry.err as { message?: string; stack?: string } | undefined;
  const stack = err ? `\n${(err.stack ?? err.message ?? '').replace(/^/gm, '    ')}` : '';
  return `${clock(entry.time)} ${tag} ${msg}${request}${fields.length ? ` ${fields.join(' ')}` : ''}${stack}`;
}

/** A stream pino writes JSON lines into, which prints them formatted to `out`. */
export function prettyStream(
  out: NodeJS.WritableStream = process.stdout,
  colour = Boolean((out as { isTTY?: boolean }).isTTY),
) {
  let pending = '';
  return new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) if (line.trim()) out.write(`${formatLogLine(line, colour)}\n`);
      done();
    },
  });
}

const REDACT = ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'];

/** Fastify's `logger` option for this configuration. */
export function loggerOptions(config: Pick<Config, 'LOG_LEVEL'> & { LOG_FORMAT?: LogFormat }) {
  // Never log credentials: tokens, cookies, and the bodies that carry passwords are not logged at all.
  const base = { level: config.LOG_LEVEL, redact: REDACT };
  return resolveLogFormat(config.LOG_FORMAT) === 'pretty' ? { ...base, stream: prettyStream() } : base;
}

/**
 * One line per request, when it has been answered (Fastify's `incoming request` line is off): at info in JSON (access
 * logs), at debug in the terminal, where every picture and script of a page would bury what matters. Errors keep
 * Fastify's own lines and levels.
 */
class OneLinePerRequest extends LogController {
  constructor(private readonly level: 'info' | 'debug') {
    super();
  }

  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (error) {
      super.requestCompleted(error, request, reply);
      return;
    }
    request.log[this.level](
      { req: request, res: reply, responseTime: reply.elapsedTime },
      'request completed',
    );
  }
}

/** Fastify's `logController` option for this configuration. */
export function requestLogController(config: { LOG_FORMAT?: LogFormat }): LogController {
  return new OneLinePerRequest(resolveLogFormat(config.LOG_FORMAT) === 'json' ? 'info' : 'debug');
}
