import type { FastifyInstance } from 'fastify';

/**
 * Non-payers (issue 28 §4, decision 092): each run writes one strike per order unpaid past its due date, clears the
 * strike of an order since paid, and blocks a bidder whose active strikes reach the house's setting. Exactly once
 * across processes by unique keys (one strike per order, one clearing per strike, one block per strike), so any
 * number of processes may run it at once; the rules live in modules/strikes.
 */
export function runStrikes(
  app: FastifyInstance,
): Promise<{ written: number; cleared: number; blocked: number }> {
  return app.services.strikes.runDue();
}
