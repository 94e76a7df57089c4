import { paymentMessages as m } from '@knotwork/shared/schemas/payments';
import { conflict, notFound } from '../../../lib/http-error.ts';
import { isUuid } from '../../../db/raw.ts';
import { recordStaffAction } from '../../audit/audit-writer.ts';
import { lockOpenCheckoutsOfOrder, supersedeOpenCheckoutsOfOrder } from '../checkout/checkout-repository.ts';
import { buyerOf } from '../documents/documents-repository.ts';
import { paymentMails, paymentWebPaths, sendAfterCommit } from '../payment-mails.ts';
import { latestOfferOfOrder } from '../second-chance/second-chance-service.ts';
import type { StaffOrderDeps } from '../staff-deps.ts';
import { orderDetail } from './order-detail.ts';
import { buyerIdOf } from './order-repository.ts';
import {
  adjustmentsOfOrder,
  listOrders,
  lockRug,
  markRugAvailable,
  paymentsOfOrder,
  refundsOfOrder,
  relistStateOf,
} from './order-staff-repository.ts';
import { moveOrder } from './order-transitions.ts';

/** An order id from the path: a malformed one answers 404 like a missing order. */
export function checkOrderId(id: string): void {
  if (!isUuid(id)) throw notFound(m.orderNotFound);
}

/** The order as staff see it (any buyer's), without the owner's id: what an order action answers. */
export async function staffOrderView(deps: Pick<StaffOrderDeps, 'db' | 'mediaBaseUrl'>, orderId: string) {
  const { userId: _u, ...data } = await orderDetail(
    deps.db,
    orderId,
    { userId: '', staff: true },
    deps.mediaBaseUrl,
  );
  return data;
}

/** The order page's address in a buyer's mail. */
export const orderPageUrl = (publicUrl: string, orderId: string) =>
  new URL(paymentWebPaths.order(orderId), publicUrl).toString();

/**
 * Staff's order desk (decision 025): the list, one order, and its moves (ship, deliver, cancel, relist), every
 * change through the state machine and audited in its transaction. Part of the staff order service (staff-service.ts).
 */
export function orderDesk(deps: StaffOrderDeps) {
  const { db } = deps;
  const publicView = (orderId: string) => staffOrderView(deps, orderId);

  async function simpleMove(
    staffId: string,
    orderId: string,
    to: 'delivered' | 'cancelled',
    action: 'deliver_order' | 'cancel_order',
    reason: string | null,
  ) {
    checkOrderId(orderId);
    await db.transaction(async (tx) => {
      // Checkouts before the order, in the order applyPayment takes them, so a cancel racing a payment cannot deadlock.
      await lockOpenCheckoutsOfOrder(tx, orderId);
      await moveOrder(tx, {
        orderId,
        to,
        actorId: staffId,
        reason,
        set: to === 'delivered' ? { deliveredAt: 'now' } : { cancelledAt: 'now' },
      });
      // A bank transfer quoting an old reference is then refused (not payable) and staff are told.
      if (to === 'cancelled') await supersedeOpenCheckoutsOfOrder(tx, orderId);
      await recordStaffAction(tx, { staffId, action, orderId, reason });
    });
    return publicView(orderId);
  }

  return {
    list: (q: Parameters<typeof listOrders>[1]) => listOrders(db, q),

    async detail(orderId: string) {
      checkOrderId(orderId);
      const { userId, ...order } = await orderDetail(
        db,
        orderId,
        { userId: '', staff: true },
        deps.mediaBaseUrl,
      );
      const [buyer, payments, adjustments, refunds, secondChance, limit] = await Promise.all([
        buyerOf(db, userId),
        paymentsOfOrder(db, orderId),
        adjustmentsOfOrder(db, orderId),
        refundsOfOrder(db, orderId),
        latestOfferOfOrder(db, orderId),
        deps.writeOffLimit(),
      ]);
      const due = order.status === 'awaiting_payment' && order.balance ? order.balance.balanceDue : 0;
      return {
        ...order,
        buyer: { id: userId, name: buyer.name, email: buyer.email },
        payments,
        adjustments,
        writeOffLimit: Math.min(limit, due),
        refunds,
        secondChance,
      };
    },

    async ship(staffId: string, orderId: string, input: { carrier: string; trackingNumber: string }) {
      checkOrderId(orderId);
      const userId = await db.transaction(async (tx) => {
        await moveOrder(tx, {
          orderId,
          to: 'shipped',
          actorId: staffId,
          reason: `${input.carrier} ${input.trackingNumber}`,
          set: { carrier: input.carrier, trackingNumber: input.trackingNumber, shippedAt: 'now' },
        });
        const buyerId = (await buyerIdOf(tx, orderId))!;
        await recordStaffAction(tx, {
          staffId,
          action: 'ship_order',
          orderId,
          userId: buyerId,
          details: input,
        });
        return buyerId;
      });
      const order = await publicView(orderId);
      const buyer = await buyerOf(db, userId);
      await sendAfterCommit(deps.mailer, deps.log, {
        to: buyer.email,
        ...paymentMails.shipped({
          firstName: buyer.firstName,
          rugTitle: order.rug.title,
          ...input,
          orderUrl: orderPageUrl(deps.publicUrl, orderId),
          language: buyer.language,
        }),
      });
      return order;
    },

    deliver: (staffId: string, orderId: string, reason: string | null) =>
      simpleMove(staffId, orderId, 'delivered', 'deliver_order', reason),
    cancel: (staffId: string, orderId: string, reason: string) =>
      simpleMove(staffId, orderId, 'cancelled', 'cancel_order', reason),

    /** Puts a rug whose sale fell through back on the shelf (then a new lot or a fixed price, through the admin API). */
    async relist(staffId: string, orderId: string, reason: string | null) {
      checkOrderId(orderId);
      await db.transaction(async (tx) => {
        const o = await relistStateOf(tx, orderId);
        if (!o) throw notFound(m.orderNotFound);
        await lockRug(tx, o.rug_id);
        if (o.live || (o.status !== 'cancelled' && o.status !== 'expired'))
          throw conflict(m.rugNotRelistable, { code: 'RUG_NOT_RELISTABLE' });
        await markRugAvailable(tx, o.rug_id);
        await recordStaffAction(tx, { staffId, action: 'relist_rug', orderId, reason });
      });
      return publicView(orderId);
    },
  };
}
