import type { FastifyInstance } from 'fastify';
import { createBidService, type BidService } from '../modules/bidding/bid-service.ts';
import { createBuyNowService, type BuyNowService } from '../modules/bidding/buy-now-service.ts';
import { createMyListsService } from '../modules/bidding/my-lists-service.ts';
import { createRugService, type RugService } from '../modules/catalogue/rug-service.ts';
import { notificationDelivery } from '../modules/notifications/notifier.ts';
import { createSalesService, type SalesService } from '../modules/sales/service.ts';

/** Facet counts and totals may be this stale (see catalogue/ttl-cache.ts); tests read them live. */
const CATALOGUE_CACHE_TTL_MS = 15_000;

/**
 * The services of the catalogue and the lot core, built once per app (as fastify/demo's plugins/app layer does)
 * so every route module shares one instance: one rug service and its caches, one bid queue per lot.
 */
export interface AppServices {
  rugs: RugService;
  sales: SalesService;
  bids: BidService;
  buyNow: BuyNowService;
  myLists: ReturnType<typeof createMyListsService>;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
  }
}

export function registerServices(app: FastifyInstance): void {
  const { config, db, bus } = app.ctx;
  const rugs = createRugService({
    db,
    mediaBaseUrl: config.MEDIA_BASE_URL,
    cacheTtlMs: config.NODE_ENV === 'test' ? 0 : CATALOGUE_CACHE_TTL_MS,
  });
  const lotDeps = { db, bus, log: app.log, currency: config.CURRENCY, deliver: notificationDelivery(app) };
  const services: AppServices = {
    rugs,
    sales: createSalesService({ db, rugs, mediaBaseUrl: config.MEDIA_BASE_URL }),
    bids: createBidService(lotDeps),
    buyNow: createBuyNowService(lotDeps),
    myLists: createMyListsService({ db, rugs }),
  };
  app.decorate('services', services);
}
