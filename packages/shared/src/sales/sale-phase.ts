/**
 * Where a sale stands at a moment, in one place (issue 26 section 1), as packages/shared/src/bidding/lot-phase.ts
 * is for a lot. The server's API status (modules/sales/auction-mapper.ts), the sale list's tabs and the jobs' SQL
 * (modules/lots/sale-sql.ts, held to these answers by apps/server/test/lots/sale-sql.test.ts) and the web's phase
 * chip (features/sales/lib/auction-phase.ts) all read it from here.
 *
 * The rule: a draft stays a draft and a cancelled sale stays cancelled whatever the clock says; a stored `closed`
 * is final (the jobs store it only once no lot of the sale is live). Otherwise the clock decides: before its start
 * a sale is scheduled; a timed sale is open until its last lot's end, then closing (its result is not recorded
 * yet: the jobs close its lots and then the sale); a live sale is open until the auctioneer has sold or passed
 * every lot and the jobs store `closed`, whatever its lots' times say (they only close the absentee window).
 */
import type { Instant } from '../bidding/lot-phase.ts';
import type { SaleStoredStatus } from './sale-moves.ts';

export type SalePhase = 'draft' | 'scheduled' | 'open' | 'closing' | 'closed' | 'cancelled';
export const SALE_PHASES = [
  'draft',
  'scheduled',
  'open',
  'closing',
  'closed',
  'cancelled',
] as const satisfies readonly SalePhase[];

export type SaleType = 'timed' | 'live';

export interface SalePhaseInput {
  status: SaleStoredStatus;
  type: SaleType;
  startsAt: Instant;
  /** The end of the sale's last lot (after soft-close extensions), or the sale's own end when later or lot-less. */
  lastLotEndsAt: Instant;
}

const ms = (t: Instant): number => (typeof t === 'number' ? t : Date.parse(t));

/** The sale's phase at `at` (epoch ms). Never moves backwards as `at` grows (scheduled, open, closing). */
export function salePhase(sale: SalePhaseInput, at: number): SalePhase {
  if (sale.status === 'draft' || sale.status === 'cancelled' || sale.status === 'closed') return sale.status;
  if (at < ms(sale.startsAt)) return 'scheduled';
  if (sale.type === 'live') return 'open';
  return at < ms(sale.lastLotEndsAt) ? 'open' : 'closing';
}

const STATUS_OF_PHASE: Readonly<Record<SalePhase, SaleStoredStatus>> = {
  draft: 'draft',
  scheduled: 'scheduled',
  open: 'open',
  closing: 'closed',
  closed: 'closed',
  cancelled: 'cancelled',
};

/** The status a reader sees at `at` (the API's `status`): closing reads `closed`. */
export function effectiveSaleStatus(sale: SalePhaseInput, at: number): SaleStoredStatus {
  return STATUS_OF_PHASE[salePhase(sale, at)];
}

/** Whether readers see the sale at all: every sale but a draft (staff publish it first, decision 074). */
export function saleIsPublic(sale: Pick<SalePhaseInput, 'status'>): boolean {
  return sale.status !== 'draft';
}

/**
 * Whether the open job opens the sale's due lots: a published sale that is not over (stored scheduled or open).
 * A draft never opens by itself (decision 074); a closed or cancelled sale's lots stay as they are.
 */
export function saleOpensLotsByClock(sale: Pick<SalePhaseInput, 'status'>): boolean {
  return sale.status === 'scheduled' || sale.status === 'open';
}

/**
 * Whether the close job closes the sale's lots once their end passes: any timed sale but a draft. A live sale's
 * lots close on the auctioneer's hammer (their end only stops absentee bids); a draft never closes by itself.
 */
export function saleClosesLotsByClock(sale: Pick<SalePhaseInput, 'status' | 'type'>): boolean {
  return sale.type !== 'live' && sale.status !== 'draft';
}

/**
 * The status the jobs store for a sale at `at`: a published sale opens once its start has passed, and an open
 * one closes once its own end has passed and none of its lots is live (`hasLiveLots`: a lot stored scheduled or
 * open). Both steps run in one pass, so a sale can go from scheduled to closed at once. Anything else stays.
 */
export function saleStatusToStore(
  sale: Pick<SalePhaseInput, 'status' | 'startsAt'> & { endsAt: Instant; hasLiveLots: boolean },
  at: number,
): SaleStoredStatus {
  const status = sale.status === 'scheduled' && ms(sale.startsAt) <= at ? 'open' : sale.status;
  return status === 'open' && ms(sale.endsAt) <= at && !sale.hasLiveLots ? 'closed' : status;
}
