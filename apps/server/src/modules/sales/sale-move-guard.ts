import { saleMoveMessages, type SaleMove } from '@knotwork/shared/sales/sale-moves';
import { conflict } from '../../lib/http-error.ts';
import { refusalOf, type AdminAuctionRow } from './staff-repository.ts';

/**
 * The sale's refusal of `move` as the staff API answers it: 409 with the sale-moves reason as `code` and its
 * words as `message` (packages/shared/src/sales/sale-moves.ts, decision 074). Call it on a row read under the
 * sale's lock, so the answer holds until the transaction commits.
 */
export function assertSaleMove(sale: AdminAuctionRow, move: SaleMove): void {
  const refusal = refusalOf(sale, move);
  if (refusal) throw conflict(saleMoveMessages[refusal], { code: refusal });
}
