import { env } from '@/config/env.ts';
import { currentLanguage, i18n } from './i18n.ts';
import { readToken } from './session-storage.ts';

/** A failed API call: status, the server's `{ message, code?, errors?, data? }`. */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly body: {
      message?: string;
      code?: string;
      errors?: Record<string, string>;
      data?: unknown;
    } = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
  get code() {
    return this.body.code;
  }
  get fieldErrors() {
    return this.body.errors ?? {};
  }
}

/** The thing asked for does not exist (404): pages show their not-found state instead of an error with a retry. */
export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler = () => undefined;
/** The app registers what a 401 does (clear session, toast, go to /login: SPEC.md 4). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler) {
  onUnauthorized = handler;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Query parameters; undefined values are dropped. */
  query?: Record<string, string | number | boolean | undefined | null>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Do not run the global 401 handler (the start-up /auth/me check handles its own failure). */
  skipUnauthorizedHandler?: boolean;
}

/** What carries a request: the browser's fetch, or the server render's in-process call (entry-server.tsx). */
export type ApiTransport = (
  url: URL,
  init: { method: string; headers: Record<string, string>; body?: BodyInit; signal?: AbortSignal },
) => Promise<Pick<Response, 'ok' | 'status' | 'statusText' | 'text'>>;
let transport: ApiTransport = (url, init) => fetch(url, init);
export function setApiTransport(next: ApiTransport) {
  transport = next;
}

/** Calls the API under /api/v1 with the bearer token from local storage when present. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const url = new URL(
    `${env.apiBaseUrl}${path}`,
    typeof window === 'undefined' ? 'http://localhost' : window.location.origin,
  );
  for (const [k, v] of Object.entries(options.query ?? {}))
    if (v !== undefined && v !== null) url.searchParams.set(k, String(v));
  // The page's language, so a new account keeps it for its e-mails (the browser's own list may differ).
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': currentLanguage(),
    ...options.headers,
  };
  const token = readToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const res = await transport(url, {
    method: options.method ?? 'GET',
    headers,
    body,
    signal: options.signal,
  });
  const text = await res.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = { message: text };
    }
  }
  if (!res.ok) {
    const payload = (data ?? {}) as ApiError['body'];
    if (res.status === 401 && token && !options.skipUnauthorizedHandler) onUnauthorized();
    throw new ApiError(
      res.status,
      payload.message || res.statusText || i18n.t('common:errors.requestFailed'),
      payload,
    );
  }
  return data as T;
}
