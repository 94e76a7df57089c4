import type { MyOrdersResponse } from '@knotwork/shared/schemas/orders';
import type { PageQuery } from '@knotwork/shared/schemas/common';
import type { Db } from '../../../db/client.ts';
import { isUuid } from '../../../db/raw.ts';
import { pageMeta } from '../../../lib/paging.ts';
import { invoiceOfOrder } from '../documents/documents-repository.ts';
import { ordersOfUser } from './my-orders-repository.ts';
import { toMyOrder } from './my-order-mapper.ts';
import { orderDetail } from './order-detail.ts';

type OrderViewer = Parameters<typeof orderDetail>[2];

export function createOrdersApiService(deps: { db: Db; mediaBaseUrl: string }) {
  return {
    async myOrders(userId: string, q: PageQuery): Promise<MyOrdersResponse> {
      const { rows, total } = await ordersOfUser(deps.db, userId, q.page, q.pageSize);
      return {
        data: rows.map((r) => toMyOrder(r, deps.mediaBaseUrl)),
        meta: pageMeta(q, total),
      };
    },

    /** One order as its page shows it; `viewer` decides who may read it (another buyer's order is a 404). */
    detail: (orderId: string, viewer: OrderViewer) =>
      orderDetail(deps.db, orderId, viewer, deps.mediaBaseUrl),

    /** The invoice issued for an order's checkout, with its buyer (the route checks who may read it). */
    invoice: async (orderId: string) => (isUuid(orderId) ? invoiceOfOrder(deps.db, orderId) : undefined),
  };
}
