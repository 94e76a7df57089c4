import fs from 'node:fs';
import { mailFile, type SinkMessage } from './smtp-sink.ts';

/** One mail the server delivered to the run's SMTP sink (e2e/helpers/smtp-sink.ts). */
export type MailboxMessage = SinkMessage;

/** Every mail the server at `baseUrl` has delivered, newest first. */
export async function listMail(baseUrl: string): Promise<MailboxMessage[]> {
  const file = mailFile(new URL(baseUrl).port);
  const text = await fs.promises.readFile(file, 'utf8').catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT')
      throw new Error(`No SMTP sink for ${baseUrl} (${file}): was the server started by startServer?`);
    throw err;
  });
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as MailboxMessage)
    .reverse();
}

/** The 4-digit code of a mail: it stands alone on its own line in the text body. */
export function codeOf(message: MailboxMessage): string {
  const code = /^\s*(\d{4})\s*$/m.exec(message.text)?.[1] ?? /\b(\d{4})\b/.exec(message.subject)?.[1];
  if (!code) throw new Error(`No 4-digit code in the mail "${message.subject}":\n${message.text}`);
  return code;
}

/** Ids of the mails already in the mailbox for `email` (to wait for the next one). */
export async function mailIds(baseUrl: string, email: string): Promise<Set<string>> {
  return new Set((await listMail(baseUrl)).filter((m) => m.to === email.toLowerCase()).map((m) => m.id));
}

/**
 * Waits for a mail to `email` that is not in `seen` (mail is sent after the answer, so it may lag a
 * little) and returns it. Without `seen`, the newest mail to that address.
 */
export async function waitForMail(
  baseUrl: string,
  email: string,
  seen: Set<string> = new Set(),
  timeoutMs = 10_000,
): Promise<MailboxMessage> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = (await listMail(baseUrl)).find((m) => m.to === email.toLowerCase() && !seen.has(m.id));
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`No new mail to ${email} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** Runs `action` and returns the code of the mail it caused. */
export async function codeAfter(
  baseUrl: string,
  email: string,
  action: () => Promise<unknown>,
): Promise<string> {
  const seen = await mailIds(baseUrl, email);
  await action();
  return codeOf(await waitForMail(baseUrl, email, seen));
}
