import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { components, paths } from './schema.d.ts';

export type { components, operations, paths } from './schema.d.ts';
export type KnotworkClient = Client<paths>;
/** The body of every refusal (4xx): `message` for people, `code` for programs, `errors` by field. */
export type ErrorResponse = components['schemas']['ErrorResponse'];

export interface KnotworkClientOptions {
  /** The Knotwork site, e.g. https://auctions.example.com (paths in the document start with /api). */
  baseUrl: string;
  /** The access token of a signed-in user; a function is called before each request (refreshable). */
  token?: string | (() => string | undefined | Promise<string | undefined>);
  /** Another fetch (tests, Node without a global fetch, retries). */
  fetch?: typeof globalThis.fetch;
  headers?: Record<string, string>;
}

/**
 * A client of the Knotwork API whose paths, parameters, bodies and answers are typed from the OpenAPI document
 * (`npm run api:client` regenerates it). Calls answer `{ data, error, response }`: `error` is the typed refusal.
 */
export function createKnotworkClient(options: KnotworkClientOptions): KnotworkClient {
  const client = createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/$/, ''),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.headers ? { headers: options.headers } : {}),
  });
  const { token } = options;
  if (token) {
    const bearer: Middleware = {
      async onRequest({ request }) {
        const value = typeof token === 'function' ? await token() : token;
        if (value && !request.headers.has('authorization'))
          request.headers.set('authorization', `Bearer ${value}`);
        return request;
      },
    };
    client.use(bearer);
  }
  return client;
}
