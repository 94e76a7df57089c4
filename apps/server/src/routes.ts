import type { FastifyPluginAsync } from 'fastify';
import notificationRoutes from './modules/notifications/routes.ts';
import notificationSettingsRoutes from './modules/notifications/settings-routes.ts';
import contentRoutes from './modules/content/routes.ts';
import geoRoutes from './modules/geo/routes.ts';
import addressRoutes from './modules/addresses/routes.ts';
import collectionRoutes from './modules/collections/routes.ts';
import catalogueRoutes from './modules/catalogue/routes.ts';
import salesRoutes from './modules/sales/routes.ts';
import registrationRoutes from './modules/registrations/routes.ts';
import printedCatalogueRoutes from './modules/printed-catalogues/routes.ts';
import biddingRoutes from './modules/bidding/routes.ts';
import likeRoutes from './modules/likes/routes.ts';
import orderRoutes from './modules/commerce/orders/order-routes.ts';
import authRoutes from './modules/auth/routes.ts';
import contactRoutes from './modules/contact/routes.ts';
import devMailboxRoutes from './modules/dev-mailbox/routes.ts';
import paymentRoutes from './modules/commerce/routes.ts';
import paymentProviderRoutes from './modules/commerce/providers/provider-routes.ts';
import savedSearchRoutes from './modules/saved-searches/routes.ts';
import calendarRoutes from './modules/calendar/routes.ts';
import realisedRoutes from './modules/realised/routes.ts';
import chatRoutes from './modules/chat/routes.ts';
import liveSaleRoutes from './modules/live-sales/routes.ts';
import telephoneRoutes from './modules/telephone-bids/routes.ts';
import exchangeRateRoutes from './modules/exchange-rates/routes.ts';
import consignorPortalRoutes from './modules/consignors/portal-routes.ts';
import identityRoutes from './modules/identity/routes.ts';
import conditionReportRoutes from './modules/condition-reports/routes.ts';
import strikeRoutes from './modules/strikes/routes.ts';
import depositRoutes from './modules/deposits/routes.ts';
import { staffRoutes } from './staff-routes.ts';
import { routeDeps } from './route-deps.ts';

/**
 * Every API module, mounted under /api/v1. Each module's routes.ts declares its own paths as SPEC.md
 * names them (e.g. /auth/login, /notification/unread/count); the staff routes are mounted once under /admin behind
 * one staff guard (staff-routes.ts).
 */
export const apiRoutes: FastifyPluginAsync = async (app) => {
  await app.register(notificationRoutes);
  await app.register(notificationSettingsRoutes, routeDeps(app.ctx, 'config'));
  await app.register(contentRoutes, routeDeps(app.ctx, 'rateLimits'));
  await app.register(geoRoutes);
  await app.register(addressRoutes);
  await app.register(collectionRoutes, routeDeps(app.ctx, 'config'));
  await app.register(catalogueRoutes);
  await app.register(salesRoutes);
  await app.register(registrationRoutes);
  await app.register(printedCatalogueRoutes);
  await app.register(biddingRoutes, routeDeps(app.ctx, 'rateLimits'));
  await app.register(likeRoutes);
  await app.register(orderRoutes);
  await app.register(authRoutes, routeDeps(app.ctx, 'config', 'tokens'));
  await app.register(contactRoutes, routeDeps(app.ctx, 'rateLimits', 'config'));
  await app.register(devMailboxRoutes, routeDeps(app.ctx, 'config'));
  await app.register(paymentRoutes);
  await app.register(paymentProviderRoutes, routeDeps(app.ctx, 'config', 'settings'));
  await app.register(savedSearchRoutes);
  await app.register(calendarRoutes, routeDeps(app.ctx, 'config'));
  await app.register(realisedRoutes);
  await app.register(chatRoutes, routeDeps(app.ctx, 'rateLimits'));
  await app.register(liveSaleRoutes, routeDeps(app.ctx, 'rateLimits'));
  await app.register(telephoneRoutes);
  await app.register(exchangeRateRoutes);
  await app.register(consignorPortalRoutes);
  await app.register(identityRoutes);
  await app.register(conditionReportRoutes);
  await app.register(strikeRoutes);
  await app.register(depositRoutes);
  await app.register(staffRoutes, { prefix: '/admin' });
};
