import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { collectionListResponseSchema } from '@knotwork/shared/schemas/collections';
import { toApiImage } from '../media/index.ts';
import type { RouteDeps } from '../../route-deps.ts';

// Registers synchronously; Fastify's plugin type wants a promise.
const routes: FastifyPluginAsyncZod<RouteDeps<'config'>> = (app, { config }) => {
  const repo = app.services.collections;
  const cache = app.services.collectionList;

  app.get(
    '/auth/collection/list',
    {
      schema: {
        tags: ['catalogue'],
        summary:
          'The public collections (published, with a public rug), in display order, with published rug counts and cover pictures',
        response: { 200: collectionListResponseSchema },
      },
    },
    async () => {
      const rows = await cache.get('all', () => repo.list({ publicOnly: true }));
      return {
        data: rows.map((c) => {
          const cover = c.cover
            ? toApiImage(c.cover, { baseUrl: config.MEDIA_BASE_URL, alt: c.title })
            : null;
          return {
            id: c.id,
            title: c.title,
            slug: c.slug,
            description: c.description,
            // A plain URL for simple clients; `cover` carries every size and format.
            coverImage: c.cover_image ?? cover?.fallback ?? null,
            cover,
            rugCount: c.rugCount,
          };
        }),
      };
    },
  );
  return Promise.resolve();
};
export default routes;
