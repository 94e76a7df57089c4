import type { FastifyPluginAsync } from 'fastify';
import notificationRoutes from './modules/notifications/routes.ts';
import contentRoutes from './modules/content/routes.ts';
import geoRoutes from './modules/geo/routes.ts';
import addressRoutes from './modules/addresses/routes.ts';
import collectionRoutes from './modules/collections/routes.ts';
import catalogueRoutes from './modules/catalogue/routes.ts';
import salesRoutes from './modules/sales/routes.ts';
import biddingRoutes from './modules/bidding/routes.ts';
import likeRoutes from './modules/likes/routes.ts';
import orderRoutes from './modules/orders-api/routes.ts';
import authRoutes from './modules/auth/routes.ts';
import contactRoutes from './modules/contact/routes.ts';
import devMailboxRoutes from './modules/dev-mailbox/routes.ts';
import adminRoutes from './modules/admin/routes.ts';
import adminRugRoutes from './modules/admin-rugs/routes.ts';
import adminAuditRoutes from './modules/admin-audit/routes.ts';
import paymentRoutes from './modules/payments/routes.ts';
import staffPaymentRoutes from './modules/payments/staff-routes.ts';
import paymentProviderRoutes from './modules/payment-providers/routes.ts';
import savedSearchRoutes from './modules/saved-searches/routes.ts';
import calendarRoutes from './modules/calendar/routes.ts';
import chatRoutes from './modules/chat/routes.ts';
import staffChatRoutes from './modules/chat/staff-routes.ts';

/**
 * Every API module, mounted under /api/v1. Each module's routes.ts declares its own paths as SPEC.md
 * names them (e.g. /auth/login, /notification/unread/count).
 */
export const apiRoutes: FastifyPluginAsync = async (app) => {
  await app.register(notificationRoutes);
  await app.register(contentRoutes);
  await app.register(geoRoutes);
  await app.register(addressRoutes);
  await app.register(collectionRoutes);
  await app.register(catalogueRoutes);
  await app.register(salesRoutes);
  await app.register(biddingRoutes);
  await app.register(likeRoutes);
  await app.register(orderRoutes);
  await app.register(authRoutes);
  await app.register(contactRoutes);
  await app.register(devMailboxRoutes);
  await app.register(adminRoutes);
  await app.register(adminRugRoutes);
  await app.register(adminAuditRoutes);
  await app.register(paymentRoutes);
  await app.register(staffPaymentRoutes);
  await app.register(paymentProviderRoutes);
  await app.register(savedSearchRoutes);
  await app.register(calendarRoutes);
  await app.register(chatRoutes);
  await app.register(staffChatRoutes);
};
