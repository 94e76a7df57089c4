import crypto from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

/** One received mail, as the sink writes it (a JSON line) and the tests read it back. */
export interface SinkMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  createdAt: string;
}

export interface SmtpSink {
  /** SMTP_URL for the server under test (plain SMTP on loopback). */
  url: string;
  close(): Promise<void>;
}

/**
 * Where the mail sent by the server on `serverPort` is written: one JSON line per message. A file, not
 * memory, because the shared server (and its sink) lives in the global-setup process, not in the test's.
 */
export function mailFile(serverPort: number | string): string {
  return path.join(os.tmpdir(), `knotwork-e2e-mail-${serverPort}.jsonl`);
}

/**
 * A real SMTP server on a free loopback port that accepts every message and appends it to `file`: the
 * browser tests read codes the way a user does, from delivered mail, and the server runs exactly as in
 * production (the development mailbox is off there).
 */
export async function startSmtpSink(file: string): Promise<SmtpSink> {
  fs.writeFileSync(file, '');
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const parsed = parseMail(Buffer.concat(chunks).toString('utf8'));
        for (const rcpt of session.envelope.rcptTo) {
          const message: SinkMessage = {
            id: crypto.randomUUID(),
            to: rcpt.address.toLowerCase(),
            subject: parsed.subject,
            text: parsed.text,
            createdAt: new Date().toISOString(),
          };
          fs.appendFileSync(file, `${JSON.stringify(message)}\n`);
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}/?ignoreTLS=true`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        fs.rmSync(file, { force: true });
      }),
  };
}

/** The subject and plain-text part of a MIME message as nodemailer writes it: enough to read codes. */
export function parseMail(raw: string): { subject: string; text: string } {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = parseHeaders(head);
  const body = rest.join('\n\n');
  return { subject: decodeWords(headers['subject'] ?? ''), text: textPart(headers, body) };
}

function parseHeaders(head: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) out[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return out;
}

function textPart(headers: Record<string, string>, body: string): string {
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!boundary) return decodeBody(body, headers['content-transfer-encoding']);
  for (const part of body.split(`--${boundary}`)) {
    const [partHead = '', ...partBody] = part.replace(/^\r?\n/, '').split(/\r?\n\r?\n/);
    const partHeaders = parseHeaders(partHead);
    const text = partBody.join('\n\n');
    if (/multipart\//i.test(partHeaders['content-type'] ?? '')) return textPart(partHeaders, text);
    if (/text\/plain/i.test(partHeaders['content-type'] ?? ''))
      return decodeBody(text, partHeaders['content-transfer-encoding']);
  }
  return '';
}

function decodeBody(body: string, encoding = '7bit'): string {
  if (/quoted-printable/i.test(encoding)) {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  if (/base64/i.test(encoding)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= / =?UTF-8?B?...?=) in a header. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : Buffer.from(
            data
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (__, h: string) => String.fromCharCode(parseInt(h, 16))),
            'latin1',
          ).toString('utf8'),
    );
}
