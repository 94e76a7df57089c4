/**
 * The bidding bench's fair ceiling (issue 30 section 1): a bare Fastify route that runs the product's own bid, the
 * per-lot batching (`createKeyedBatcher`, the same MAX_BATCH) and the one-statement fast path (`createFastBidPath`:
 * the engine on the cached lot, then `writeLotChangeIfCurrent`'s one guarded statement), on a database opened like
 * the product's (same pg driver, same pool settings), and nothing else: no auth (the bidder's id is a header), no
 * body validation, no idempotency, no live events, no notices, no metrics, no security headers, no logger.
 * Imported, not copied: a change to the bid statement or the batching moves the ceiling with it.
 *
 * A batch whose guarded write is refused (the product app wrote the same lot meanwhile, so the cached copy is stale)
 * is retried: the failed attempt dropped the copy, so the next reads the lot again.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import type { BidOutcome } from '@knotwork/shared/bidding/outcomes';
import type { Db } from '../../apps/server/src/db/client.ts';
import { createFastBidPath } from '../../apps/server/src/modules/bidding/bid-fast-path.ts';
import { MAX_BATCH } from '../../apps/server/src/modules/bidding/bid-service.ts';
import type { BidRequest } from '../../apps/server/src/modules/bidding/bid-transaction.ts';
import { createKeyedBatcher } from '../../apps/server/src/modules/bidding/lot-queue.ts';

export const BARE_BID_PATH = '/bare/bid/';

export async function startBareBidServer(
  db: Db,
  /** The product's config BID_WRITE_STATEMENTS: the same combining of lots' writes. */
  writeStatements: number,
): Promise<{ app: FastifyInstance; origin: string }> {
  const fast = createFastBidPath(db, { writeStatements });
  const batcher = createKeyedBatcher<BidRequest, BidOutcome>(
    async (target, items) => {
      for (let attempt = 0; attempt < 3; attempt++) {
        const result = await fast.tryRun(target, items);
        if (result) return result.outcomes;
      }
      return items.map((): BidOutcome => ({ kind: 'busy' }));
    },
    { maxBatch: MAX_BATCH },
  );
  const app = Fastify({ logger: false });
  app.post(`${BARE_BID_PATH}:id`, async (request, reply) => {
    const target = (request.params as { id: string }).id;
    const userId = request.headers['x-bidder'] as string;
    const { amount } = request.body as { amount: number };
    const outcome = await batcher.submit(target, { userId, target, amount });
    if (outcome.kind === 'accepted')
      return reply.code(201).send({ data: { lot: { nextMinimumBid: outcome.lot.nextMinimumBid } } });
    if (outcome.kind === 'refused')
      return reply
        .code(422)
        .send({ code: outcome.refusal.code, nextMinimum: outcome.refusal.nextMinimum ?? null });
    // The guarded write kept failing (or the lot is not on the fast path): counted as an error by the bidders.
    return reply.code(503).send({ code: outcome.kind });
  });
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, origin };
}
