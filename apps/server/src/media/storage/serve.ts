import type { FastifyInstance, FastifyReply } from 'fastify';
import { apiMessages } from '@knotwork/shared/messages/api';
import { isServedMediaKey } from './keys.ts';
import { IMMUTABLE_CACHE_CONTROL, type MediaStorage } from './types.ts';

/** `bytes=a-b`, `bytes=a-` or `bytes=-n`; undefined for anything else (answered whole, as RFC 9110 allows). */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | undefined {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/**
 * Media served by this server from the bucket (MEDIA_BASE_URL is a path and S3_BUCKET is set): the same headers
 * a CDN in front of the bucket would give, and byte ranges. The local folder keeps @fastify/static (plugins/web.ts).
 */
export function registerBucketMedia(app: FastifyInstance, storage: MediaStorage, baseUrl: string) {
  const prefix = baseUrl.replace(/\/$/, '');
  const notFound = (reply: FastifyReply) => reply.status(404).send({ message: apiMessages.notFound });
  const handler = async (
    request: { params: unknown; headers: Record<string, string | string[] | undefined>; method: string },
    reply: FastifyReply,
  ) => {
    const key = (request.params as { '*': string })['*'];
    if (!isServedMediaKey(key)) return notFound(reply);
    const rangeHeader = typeof request.headers.range === 'string' ? request.headers.range : undefined;
    let range: { start: number; end: number } | undefined;
    if (rangeHeader) {
      const size = await storage.size(key);
      if (size === undefined) return notFound(reply);
      const parsed = parseRange(rangeHeader, size);
      if (parsed === 'unsatisfiable')
        return reply.status(416).header('Content-Range', `bytes */${size}`).send();
      range = parsed;
    }
    const object = await storage.get(key, range);
    if (!object) return notFound(reply);
    reply
      .header('Content-Type', object.contentType)
      .header('Cache-Control', IMMUTABLE_CACHE_CONTROL)
      .header('Accept-Ranges', 'bytes');
    if (object.range) {
      reply
        .status(206)
        .header('Content-Range', `bytes ${object.range.start}-${object.range.end}/${object.size}`)
        .header('Content-Length', object.range.end - object.range.start + 1);
    } else reply.header('Content-Length', object.size);
    if (request.method === 'HEAD') {
      object.body.destroy();
      return reply.send();
    }
    return reply.send(object.body);
  };
  // Fastify answers HEAD through this handler too (exposeHeadRoutes).
  app.get(`${prefix}/*`, { schema: { hide: true } }, handler);
}
