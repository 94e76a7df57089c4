import { BID_UNIT_CENTS } from '@knotwork/shared/bidding/limits';
import { settleLot } from '@knotwork/shared/consignments/settlement';
import type { LotTerms } from '@knotwork/shared/consignments/terms';
import type { AdminReofferItem } from '@knotwork/shared/schemas/consignment-reoffers';
import { num, numOrNull } from '../../db/raw.ts';
import type { ItemLotRow } from './reoffer-repository.ts';

type LotOutcome = NonNullable<AdminReofferItem['lastLot']>['outcome'];

/** What became of the item's lot: sold, unsold (a live sale's: passed), or still to come. */
export function lotOutcomeOf(row: ItemLotRow): LotOutcome {
  if (row.lot_status !== 'closed') return 'in_sale';
  if (row.lot_outcome === 'sold') return 'sold';
  return row.sale_type === 'live' ? 'passed' : 'unsold';
}

/**
 * The lot that did not sell with its buy-in fee: what the settlement posted once it is settled, else what the
 * receipt's terms give it now (the settlement's own arithmetic, decision 085, on the reserve it settles on:
 * the item's, else the lot's). Null when the item's lot did not close unsold.
 */
export function unsoldLotOf(row: ItemLotRow, terms: LotTerms): AdminReofferItem['unsold'] {
  if (!row.lot_id || row.lot_number === null || !row.sale_title) return null;
  const outcome = lotOutcomeOf(row);
  if (outcome !== 'unsold' && outcome !== 'passed') return null;
  const reserve = numOrNull(row.item_reserve) ?? numOrNull(row.lot_reserve);
  const settled = row.settled_buy_in !== null;
  const buyInFeeCents = settled
    ? num(row.settled_buy_in)
    : settleLot(terms, {
        lotId: row.lot_id,
        outcome,
        hammerCents: 0,
        lowEstimateCents: num(row.estimate_low),
        reserveCents: reserve ?? 0,
      }).lines.buyInFeeCents;
  return {
    lotId: row.lot_id,
    lotNumber: row.lot_number,
    saleTitle: row.sale_title,
    outcome,
    reserve,
    buyInFeeCents,
    buyInFeeSettled: settled,
  };
}

/**
 * The new lot's opening bid when staff give none: half the low estimate in whole units (the trade's usual start
 * for a rug offered again), at least one unit, and never above the reserve, which a bid must be able to reach.
 */
export function defaultOpeningBid(estimateLow: number, reserve: number | null): number {
  const half = Math.max(BID_UNIT_CENTS, Math.floor(estimateLow / 2 / BID_UNIT_CENTS) * BID_UNIT_CENTS);
  return reserve === null ? half : Math.min(half, reserve);
}
