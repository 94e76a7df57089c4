import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import checkoutRoutes from './checkout/checkout-routes.ts';
import invoiceRoutes from './documents/invoice-routes.ts';
import orderDetailRoutes from './orders/order-detail-routes.ts';
import secondChanceRoutes from './second-chance/second-chance-routes.ts';
import autopayRoutes from './autopay/routes.ts';

/**
 * The buyer's side of commerce (decision 025), each part beside its staff routes in its own folder: checkout and
 * payment by bank transfer, one order, its invoice, a second-chance offer. The order list is orders/order-routes.ts;
 * card and PayPal are providers/; the staff side is staff-routes.ts.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  await app.register(checkoutRoutes);
  await app.register(orderDetailRoutes);
  await app.register(invoiceRoutes);
  await app.register(secondChanceRoutes);
  await app.register(autopayRoutes);
};
export default routes;
