import type { FastifyPluginAsync } from 'fastify';
import auditRoutes from './modules/audit/staff-routes.ts';
import bidderRoutes from './modules/bidders/staff-routes.ts';
import rugRoutes from './modules/catalogue/rug-staff-routes.ts';
import chatRoutes from './modules/chat/staff-routes.ts';
import collectionRoutes from './modules/collections/staff-routes.ts';
import commerceRoutes from './modules/commerce/staff-routes.ts';
import contactRoutes from './modules/contact/staff-routes.ts';
import contentRoutes from './modules/content/staff-routes.ts';
import consignorRoutes from './modules/consignors/staff-routes.ts';
import dashboardRoutes from './modules/dashboard/staff-routes.ts';
import exchangeRateRoutes from './modules/exchange-rates/staff-routes.ts';
import houseSettingsRoutes from './modules/house-settings/staff-routes.ts';
import importRoutes from './modules/import/staff-routes.ts';
import liveSaleRoutes from './modules/live-sales/staff-routes.ts';
import telephoneRoutes from './modules/telephone-bids/staff-routes.ts';
import lotRoutes from './modules/sales/lot-staff-routes.ts';
import saleOpsRoutes from './modules/sales/staff-sale-ops-routes.ts';
import saleRoutes from './modules/sales/staff-routes.ts';
import registrationRoutes from './modules/registrations/staff-routes.ts';
import printedCatalogueRoutes from './modules/printed-catalogues/staff-routes.ts';
import settlementRoutes from './modules/settlements/staff-routes.ts';
import settlementReportRoutes from './modules/settlements/reports-staff-routes.ts';
import staffAccountRoutes from './modules/staff/staff-routes.ts';
import identityRoutes from './modules/identity/staff-routes.ts';
import conditionReportRoutes from './modules/condition-reports/staff-routes.ts';
import strikeRoutes from './modules/strikes/staff-routes.ts';
import depositRoutes from './modules/deposits/staff-routes.ts';
import { routeDeps } from './route-deps.ts';

/**
 * The back office's API, mounted once under /api/v1/admin (as fastify/demo mounts a folder behind one autohook).
 * The one staff guard runs first, on request: no session is a 401, a signed-in user whose role lacks the route's
 * ability (its `config.ability`, packages/shared abilities) a 403, before the body is even validated, so a
 * stranger's bad input gets a 403 and not a 400. Each domain's staff routes sit beside its public ones.
 */
export const staffRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', app.requireStaff);
  await app.register(saleRoutes);
  await app.register(registrationRoutes);
  await app.register(printedCatalogueRoutes);
  await app.register(saleOpsRoutes);
  await app.register(lotRoutes);
  await app.register(bidderRoutes);
  await app.register(rugRoutes);
  await app.register(importRoutes);
  await app.register(auditRoutes);
  await app.register(dashboardRoutes);
  await app.register(staffAccountRoutes);
  await app.register(houseSettingsRoutes, routeDeps(app.ctx, 'settings'));
  await app.register(contentRoutes);
  await app.register(collectionRoutes);
  await app.register(contactRoutes);
  await app.register(commerceRoutes, routeDeps(app.ctx, 'bus'));
  await app.register(chatRoutes);
  await app.register(liveSaleRoutes);
  await app.register(telephoneRoutes);
  await app.register(exchangeRateRoutes);
  await app.register(consignorRoutes);
  await app.register(settlementRoutes);
  await app.register(settlementReportRoutes);
  await app.register(identityRoutes);
  await app.register(conditionReportRoutes);
  await app.register(depositRoutes);
  await app.register(strikeRoutes);
};
