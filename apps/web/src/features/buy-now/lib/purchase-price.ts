import { buyNowOpen } from '@knotwork/shared/bidding/lot-phase';
import type { RugDetail } from '@knotwork/shared/schemas/catalogue';

/**
 * What buying outright costs now and how: a lot's buy-now price while its lot is open and unbid (AUCTION-RULES.md
 * "Buy now"), or a fixed price; null when the rug cannot be bought outright. The lot's rule is the shared
 * `buyNowOpen`, read at the payload's own `serverNow` (the moment its status describes).
 */
export function purchaseOffer(rug: RugDetail): { kind: 'lot' | 'fixed'; price: number } | null {
  if (rug.lot && buyNowOpen(rug.lot, Date.parse(rug.lot.serverNow)) && rug.lot.buyNowPrice !== null)
    return { kind: 'lot', price: rug.lot.buyNowPrice };
  if (rug.fixedPrice !== null && rug.availability === 'buyNow')
    return { kind: 'fixed', price: rug.fixedPrice };
  return null;
}
