import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { STAFF_DASHBOARD_CHANNEL } from '@knotwork/shared/realtime/events';
import taxRateStaffRoutes from './checkout/tax-rate-staff-routes.ts';
import orderStaffRoutes from './orders/order-staff-routes.ts';
import paymentStaffRoutes from './payments/payment-staff-routes.ts';
import refundStaffRoutes from './refunds/refund-staff-routes.ts';
import secondChanceStaffRoutes from './second-chance/second-chance-staff-routes.ts';
import shipmentStaffRoutes from './shipments/shipment-staff-routes.ts';
import autopayStaffRoutes from './autopay/staff-routes.ts';
import type { RouteDeps } from '../../route-deps.ts';

/**
 * Staff's order desk under /admin (decision 025), each part beside its public routes in its own folder: every
 * route names its ability (the /admin plugin's one staff guard checks it); every change is audited.
 */
const routes: FastifyPluginAsyncZod<RouteDeps<'bus'>> = async (app, { bus }) => {
  // An order's money moved (payment recorded, cancelled, refunded...): open dashboards refetch (decision 064).
  app.addHook('onResponse', async (request, reply) => {
    if (request.method === 'GET' || reply.statusCode >= 300) return;
    await bus
      .publish(STAFF_DASHBOARD_CHANNEL, 'dashboard.changed', { at: Date.now() })
      .catch(() => undefined);
  });
  await app.register(orderStaffRoutes);
  await app.register(paymentStaffRoutes);
  await app.register(refundStaffRoutes);
  await app.register(secondChanceStaffRoutes);
  await app.register(taxRateStaffRoutes);
  await app.register(shipmentStaffRoutes);
  await app.register(autopayStaffRoutes);
};
export default routes;
