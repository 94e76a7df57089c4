import type { LotPhase } from '@knotwork/shared/bidding/lot-phase';
import type { Lot } from '@knotwork/shared/schemas/catalogue';

/**
 * Buy now is offered while the lot is open (shared `lotPhase`) and the server still quotes a price: the lot
 * payload's `buyNowPrice` is null once buy now is gone (shared `buyNowOffered`: no bid yet / reserve unmet).
 */
export const canBuyNow = (lot: Pick<Lot, 'buyNowPrice'>, phase: LotPhase) =>
  phase === 'open' && lot.buyNowPrice !== null;
