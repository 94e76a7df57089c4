import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { EventBus } from '../../realtime/bus.ts';
import type { MediaImageRow } from '../../db/schema/media.ts';
import { createRugRepository } from '../catalogue/rug-repository.ts';
import { isUuid } from '../../db/raw.ts';
import { createTtlCache } from '../catalogue/ttl-cache.ts';
import { createContentRepository } from '../content/repository.ts';
import { toApiImage } from '../media/index.ts';
import { createSalesRepository } from '../sales/repository.ts';
import { rugDescription, snippet } from './describe.ts';
import { imageSizes } from '@knotwork/shared/constants/image-sizes';
import { renderHead, type ImagePreload, type PageMeta } from './head.ts';
import { matchMetaPage, type MetaPage } from './match.ts';

export const SITE_NAME = 'Knotwork';
/**
 * How long a page's head is reused in memory. Titles and pictures change rarely; a minute keeps a crawler's
 * burst of requests off the database without serving stale text for long. Browsers and proxies never keep
 * index.html (`no-cache`): it names the current hashed scripts, which a deploy replaces.
 */
export const PAGE_META_TTL_SECONDS = 60;

type StoredImage = Pick<
  MediaImageRow,
  'id' | 'width' | 'height' | 'placeholder' | 'dominantColor' | 'variants'
>;

export interface PageMetaOptions {
  db: Db;
  /** The site's public origin (PUBLIC_URL): social cards need absolute URLs. */
  publicUrl: string;
  mediaBaseUrl: string;
  log?: Pick<FastifyBaseLogger, 'warn'>;
  cacheTtlMs?: number;
  /** Staff's content changes arrive here (from any process), so an edited article's head is never served stale. */
  bus?: Pick<EventBus, 'onEvent'>;
}

/**
 * Fills the head of the single-page app's index.html for the pages people share (a rug, a sale, an article),
 * so link previews and search results show the item rather than the site's generic title. Unknown or
 * unpublished ids get the template's own head, exactly as any other path.
 */
export function createPageMetaService(options: PageMetaOptions) {
  const { db, publicUrl, mediaBaseUrl } = options;
  const rugs = createRugRepository(db);
  const sales = createSalesRepository(db);
  const content = createContentRepository(db);
  const cache = createTtlCache<PageMeta | null>({
    ttlMs: options.cacheTtlMs ?? PAGE_META_TTL_SECONDS * 1000,
    maxEntries: 1000,
  });

  options.bus?.onEvent((event) => {
    if (event.event === 'content.changed') cache.clear();
  });

  const absolute = (pathOrUrl: string) => new URL(pathOrUrl, publicUrl).toString();
  const imageUrl = (image: StoredImage | null | undefined) => {
    const fallback = image ? toApiImage(image, { baseUrl: mediaBaseUrl }).fallback : '';
    return fallback ? absolute(fallback) : null;
  };
  /** The best format the page's <picture> offers first (AVIF, else WebP), as the browser will pick it. */
  const preloadOf = (image: StoredImage | null | undefined, sizes: string): ImagePreload | null => {
    if (!image) return null;
    const { sources } = toApiImage(image, { baseUrl: mediaBaseUrl });
    if (sources.avif) return { srcset: sources.avif, sizes, type: 'image/avif' };
    if (sources.webp) return { srcset: sources.webp, sizes, type: 'image/webp' };
    return null;
  };
  const title = (name: string) => `${name} | ${SITE_NAME}`;

  async function lookup(page: MetaPage, pathname: string): Promise<PageMeta | null> {
    const url = absolute(pathname);
    if (page.kind === 'rug') {
      const rug = await rugs.findDetail(page.id);
      if (!rug) return null;
      const [cover] = await rugs.images([rug.id], true);
      return {
        title: title(rug.title),
        description: rugDescription({
          description: rug.description,
          originRegion: rug.origin_region,
          originCountry: rug.origin_country,
          circaYear: rug.circa_year,
          widthCm: rug.width_cm,
          lengthCm: rug.length_cm,
        }),
        image: imageUrl(cover?.image),
        url,
        type: 'website',
        preload: preloadOf(cover?.image, imageSizes.rugMain),
      };
    }
    if (page.kind === 'auction') {
      const sale = await sales.findAuction(page.id);
      if (!sale) return null;
      return {
        title: title(sale.title),
        description: snippet(
          sale.description.trim() ? sale.description : `${sale.title}: a ${sale.type} sale at ${SITE_NAME}.`,
        ),
        image: imageUrl(sale.cover),
        url,
        type: 'website',
        preload: preloadOf(sale.cover, imageSizes.saleCover),
      };
    }
    const key = page.id.toLowerCase();
    const post = await content.findPost(new Date(), isUuid(key) ? { id: key } : { slug: key });
    if (!post) return null;
    return {
      title: title(post.title),
      description: snippet(post.excerpt),
      image: imageUrl(post.cover),
      url,
      type: 'article',
      preload: preloadOf(post.cover, imageSizes.postCover),
    };
  }

  /** The head for a request path (no query string), or null when the path has no page of its own. */
  async function metaFor(pathname: string): Promise<PageMeta | null> {
    const page = matchMetaPage(pathname);
    if (!page) return null;
    return cache.get(pathname, () => lookup(page, pathname));
  }

  return {
    metaFor,

    /** index.html for this path and how long it may be cached; the template unchanged when nothing matches or fails. */
    async render(pathname: string, template: string): Promise<{ html: string; cacheControl: string }> {
      const fallback = { html: template, cacheControl: 'no-cache' };
      let meta: PageMeta | null;
      try {
        meta = await metaFor(pathname);
      } catch (err) {
        // A page must still load when its preview cannot be built: log it and serve the generic head.
        options.log?.warn({ err, pathname }, 'page meta lookup failed');
        return fallback;
      }
      if (!meta) return fallback;
      return { html: renderHead(template, meta), cacheControl: 'no-cache' };
    },
  };
}
export type PageMetaService = ReturnType<typeof createPageMetaService>;
