import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { can } from '@knotwork/shared/abilities/staff';
import { adminDashboardResponseSchema } from '@knotwork/shared/schemas/dashboard-staff';
import { errorResponseSchema } from '@knotwork/shared/schemas/common';
import { isoFromMs, num, numOrNull } from '../../db/raw.ts';
import { currentUser } from '../../plugins/auth.ts';

const errors = { 401: errorResponseSchema, 403: errorResponseSchema };

/**
 * GET /admin/dashboard (issue 11): what runs now. The page refetches it on the live socket's `dashboard.changed`
 * nudges (decision 064) and, as a backstop, every minute; figures outside the caller's
 * role (messages for a specialist, money for a specialist) come back null rather than leaking across roles.
 */
// Registers synchronously; Fastify's plugin type wants a promise.
const routes: FastifyPluginAsyncZod = (app) => {
  const repo = app.services.dashboard;

  app.get(
    '/dashboard',
    {
      config: { ability: ['read', 'dashboard'] },
      schema: {
        tags: ['staff'],
        security: [{ bearerAuth: [] }],
        summary:
          'Open lots, bids in the last hour, lots closing next, money awaiting payment, unanswered messages',
        response: { 200: adminDashboardResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { role } = currentUser(request);
      const conditions = can(role, 'read', 'condition');
      const [f, closing, conditionReports] = await Promise.all([
        repo.figures(),
        repo.closingNext(),
        conditions ? app.services.conditionReports.figures() : null,
      ]);
      const orders = can(role, 'read', 'order');
      return {
        data: {
          openLots: num(f.open_lots),
          bidsLastHour: num(f.bids_last_hour),
          unansweredMessages: can(role, 'read', 'chat') ? num(f.unanswered) : null,
          awaitingPayment: orders ? num(f.awaiting) : null,
          overdue: orders ? num(f.overdue) : null,
          awaitingAmount: orders ? num(f.awaiting_amount) : null,
          overdueAmount: orders ? num(f.overdue_amount) : null,
          conditionReports,
          closingNext: closing.map((c) => ({
            lotId: c.lot_id,
            auctionId: c.auction_id,
            auctionTitle: c.auction_title,
            lotNumber: c.lot_number,
            rugTitle: c.rug_title,
            endsAt: isoFromMs(c.ends_ms),
            currentBid: numOrNull(c.current_bid),
            bidCount: c.bid_count,
          })),
          at: isoFromMs(f.now_ms),
        },
      };
    },
  );
  return Promise.resolve();
};
export default routes;
