import type { PortalItemStatus } from '@knotwork/shared/schemas/consignors-staff';
import type { PortalItemRow } from './portal-repository.ts';

/** The buyer paid in full: a partial refund since (shipping, goodwill) does not undo it (decision 087). */
const PAID_ORDER_STATUSES = new Set(['paid', 'shipped', 'delivered', 'partially_refunded']);

/**
 * A consigned rug's status now (the portal's list, issue 27 §4), from the item's own status and its lot: returned,
 * withdrawn and reoffered (carried on under a new receipt, decision 089) close an item; a settled sale is settled; a
 * sold lot is paid once the buyer's order is; a lot in a published sale is in the sale (in a draft sale the rug is
 * still being catalogued).
 */
export function portalItemStatus(row: PortalItemRow): PortalItemStatus {
  if (row.status === 'returned' || row.status === 'withdrawn' || row.status === 'reoffered')
    return row.status;
  if (row.net_cents !== null) return 'settled';
  if (row.lot_id !== null) {
    if (row.lot_outcome === 'sold')
      return row.order_status && PAID_ORDER_STATUSES.has(row.order_status) ? 'paid' : 'sold';
    if (row.lot_outcome === 'unsold') return 'unsold';
    if (row.sale_status === 'draft') return 'cataloguing';
    return 'in_sale';
  }
  switch (row.status) {
    case 'received':
      return 'received';
    case 'catalogued':
      return 'cataloguing';
    default:
      return row.status;
  }
}
