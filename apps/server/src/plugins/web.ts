import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { apiMessages } from '@knotwork/shared/messages/api';
import type { Config } from '../config/env.ts';
import { isServedMediaKey } from '../media/storage/keys.ts';
import { registerBucketMedia } from '../media/storage/serve.ts';
import { createPageMetaService } from '../modules/page-meta/service.ts';
import { createRouteChunks, type ViteManifest } from '../modules/page-meta/route-chunks.ts';
import { createServerRenderer } from './web-ssr.ts';

/**
 * Serves the built web app and the media folder from the same process, and answers unknown paths:
 * JSON 404 under /api, the single-page app everywhere else (its router shows /404).
 */
export async function registerWeb(app: FastifyInstance, options: { config: Config; serveWeb: boolean }) {
  const { config } = options;
  if (config.MEDIA_BASE_URL.startsWith('/') && app.ctx.storage.kind === 's3') {
    registerBucketMedia(app, app.ctx.storage, config.MEDIA_BASE_URL);
  } else if (config.MEDIA_BASE_URL.startsWith('/')) {
    fs.mkdirSync(config.MEDIA_DIR, { recursive: true });
    await app.register(fastifyStatic, {
      root: config.MEDIA_DIR,
      prefix: `${config.MEDIA_BASE_URL.replace(/\/$/, '')}/`,
      decorateReply: false,
      index: false,
      // Only the folders the product writes (issue 25 section 4); any other file in MEDIA_DIR is a 404.
      allowedPath: (pathName) => isServedMediaKey(pathName.replace(/^\//, '')),
      // Media file names are content-derived and never reused, so they can be cached for good.
      immutable: true,
      maxAge: '365d',
    });
  }

  const indexPath = path.join(config.WEB_DIST_DIR, 'index.html');
  const hasWeb = options.serveWeb && fs.existsSync(indexPath);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.WEB_DIST_DIR,
      index: false,
      wildcard: false,
      // The build writes a .br and a .gz beside every text file (apps/web/build/compress-assets.ts); the one the
      // browser accepts is sent as is, so nothing is compressed per request.
      preCompressed: true,
      // Our own Cache-Control below; otherwise `send` overwrites it with `public, max-age=0`.
      cacheControl: false,
      setHeaders(res, filePath) {
        // A shared cache must keep the brotli, gzip and plain answers apart.
        res.setHeader('Vary', 'Accept-Encoding');
        // Vite fingerprints everything under /assets; the rest (locales, sw.js) must revalidate.
        res.setHeader(
          'Cache-Control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }

  let template: string | undefined;
  const manifestPath = path.join(config.WEB_DIST_DIR, '.vite', 'manifest.json');
  const routeChunks = createRouteChunks(
    hasWeb && fs.existsSync(manifestPath)
      ? (JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as ViteManifest)
      : undefined,
  );
  const pageMeta = createPageMetaService({
    db: app.ctx.db,
    publicUrl: config.PUBLIC_URL,
    mediaBaseUrl: config.MEDIA_BASE_URL,
    log: app.log,
    bus: app.ctx.bus,
  });
  const serverRender = hasWeb ? await createServerRenderer(app, config) : undefined;
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (url === '/api' || url.startsWith('/api/') || url.startsWith(`${config.MEDIA_BASE_URL}/`)) {
      return reply.status(404).send({ message: apiMessages.notFound });
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.status(404).send({ message: apiMessages.notFound });
    }
    if (!hasWeb) {
      return reply
        .status(404)
        .type('text/plain')
        .send('The web app is not built. Run `npm run build` (npm start does it for you).');
    }
    template ??= fs.readFileSync(indexPath, 'utf8');
    // Shared rug, sale and article links get their own title, description and preview picture.
    const page = await pageMeta.render(url, template);
    // The page's route chunk starts downloading with the entry script instead of after it.
    let html = routeChunks.inject(url, page.html);
    // The home page, the listing, rug and sale pages arrive rendered (decision 057); on any failure, as before.
    if (serverRender) {
      const rendered = await serverRender(request, url, html);
      html = rendered.html;
      if (rendered.timing) reply.header('Server-Timing', rendered.timing);
    }
    reply.type('text/html').header('Cache-Control', page.cacheControl);
    if (!serverRender) return reply.send(html);
    // A rendered page depends on the language and the screen the request asks for, and carries the page's data
    // and styles: compressed per request (brotli at a fast level) like the build compresses the static files.
    reply.header('Vary', 'Accept-Language, Cookie, User-Agent, Accept-Encoding');
    const accepts = String(request.headers['accept-encoding'] ?? '');
    if (/\bbr\b/.test(accepts)) {
      const body = zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
      return reply.header('Content-Encoding', 'br').send(body);
    }
    if (/\bgzip\b/.test(accepts)) return reply.header('Content-Encoding', 'gzip').send(zlib.gzipSync(html));
    return reply.send(html);
  });
}
