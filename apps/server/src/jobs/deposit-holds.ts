import type { DepositService } from '../modules/deposits/service.ts';

/** How often each process looks for card holds of sales that are over (decision 091: none outlives its sale by a minute). */
export const DEPOSIT_HOLD_SWEEP_MS = 30_000;

/**
 * The job: at most every `everyMs` per process, the first tick of a process included. Releasing is safe to repeat
 * and to race (the cancel is keyed per deposit, the released event is unique), so several processes may run it.
 */
export function depositHoldSweep(
  deposits: Pick<DepositService, 'releaseHoldsAfterSales'>,
  everyMs = DEPOSIT_HOLD_SWEEP_MS,
): () => Promise<number> {
  let last = -Infinity;
  return async () => {
    const now = performance.now();
    if (now - last < everyMs) return 0;
    last = now;
    return deposits.releaseHoldsAfterSales();
  };
}
