import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';

/**
 * Text the server builds per request (API JSON, index.html, translations): worth compressing. Not event streams
 * (a compressor buffers them), not pictures or fonts (already compressed), not octet-stream (uploads, exports).
 */
const COMPRESSIBLE = /^text\/(?!event-stream)|(?:\+|\/)json(?:;|$)|javascript|image\/svg\+xml/;

/**
 * Compresses answers over 1 KB with brotli (quality 4: most of the gain at a fraction of 11's CPU) or gzip.
 * Answers that already carry a Content-Encoding, such as the build-time .br/.gz of the web app's assets, pass
 * untouched; the live WebSocket is an upgrade and never goes through these hooks.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE,
  });
}
