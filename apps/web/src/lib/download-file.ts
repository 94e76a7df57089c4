import { env } from '@/config/env.ts';
import { ApiError } from '@/lib/api-client.ts';
import { readToken } from '@/lib/session-storage.ts';

/**
 * Fetches a file from an API route that needs the bearer token (a statement PDF, a report CSV, a payout bank file)
 * and saves it as a download under the server's file name: a plain link would reach the server without the session.
 * A refusal is the server's `{ message }` as an ApiError.
 */
export async function downloadWithSession(
  path: string,
  query: Record<string, string>,
  fallbackName: string,
): Promise<void> {
  const search = new URLSearchParams(query).toString();
  const token = readToken();
  const res = await fetch(`${env.apiBaseUrl}${path}${search ? `?${search}` : ''}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { message?: string };
    throw new ApiError(res.status, body.message ?? res.statusText, body);
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const href = URL.createObjectURL(await res.blob());
  const a = Object.assign(document.createElement('a'), { href, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked later, not at once: some browsers start reading the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
