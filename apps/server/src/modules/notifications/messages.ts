import type { NotificationInput } from './notifier.ts';

/** What every lot notification names: "Lot 12 — Antique Heriz Serapi, circa 1890". */
export interface LotSubject {
  lotId: string;
  lotNumber: number;
  rugId: string;
  rugTitle: string;
  auctionId: string;
  auctionTitle: string;
}

/** Web paths the notifications open (the web app's routes, SPEC.md 2). */
export const webPaths = {
  liveLot: (rugId: string) => `/rugs-details-live/${rugId}`,
  rug: (rugId: string) => `/rug-listing/${rugId}`,
  myItems: '/my-items',
} as const;

/** Whole amounts without decimals ("$1,200"), others with cents ("$1,312.50"). */
export function formatMoney(cents: number, currency: string): string {
  const whole = cents % 100 === 0;
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency,
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(cents / 100);
}

/** "14 March 2026" in UTC, the house's dates in notices. */
export function formatDate(date: Date): string {
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}

const lotName = (s: LotSubject) => `Lot ${s.lotNumber} — ${s.rugTitle}`;
const lotData = (s: LotSubject) => ({
  lotId: s.lotId,
  rugId: s.rugId,
  auctionId: s.auctionId,
  lotNumber: s.lotNumber,
});

/**
 * The words of every notification, in the register of a fine auction house. One function per type so the
 * bidding core, the jobs and staff actions all say the same thing.
 */
export const notificationMessages = {
  outbid(s: LotSubject, price: number, currency: string): NotificationInput {
    return {
      type: 'outbid',
      title: `You have been outbid on ${lotName(s)}`,
      body: `Another bidder now leads at ${formatMoney(price, currency)}. Raise your maximum bid before the lot closes to stay in the running.`,
      link: webPaths.liveLot(s.rugId),
      data: { ...lotData(s), price },
    };
  },

  won(
    s: LotSubject,
    order: { orderId: string; hammer: number; premium: number; total: number; dueAt: Date },
    currency: string,
  ): NotificationInput {
    return {
      type: 'won',
      title: `Congratulations: you won ${lotName(s)}`,
      body: `The hammer fell at ${formatMoney(order.hammer, currency)} in ${s.auctionTitle}. With the buyer's premium your total is ${formatMoney(order.total, currency)}, payable by ${formatDate(order.dueAt)}.`,
      link: webPaths.myItems,
      data: {
        ...lotData(s),
        orderId: order.orderId,
        hammer: order.hammer,
        premium: order.premium,
        total: order.total,
      },
    };
  },

  lost(s: LotSubject, hammer: number, currency: string): NotificationInput {
    return {
      type: 'lost',
      title: `${lotName(s)} has been sold`,
      body: `The lot sold to another bidder at ${formatMoney(hammer, currency)}. Thank you for bidding; our specialists bring comparable pieces to every sale.`,
      link: webPaths.rug(s.rugId),
      data: { ...lotData(s), hammer },
    };
  },

  unsold(s: LotSubject, reserveNotMet: boolean): NotificationInput {
    return {
      type: 'unsold',
      title: `${lotName(s)} closed unsold`,
      body: reserveNotMet
        ? 'Bidding did not reach the reserve, so the lot was not sold. Our specialists may contact the leading bidder about a private sale.'
        : 'The lot closed without a sale.',
      link: webPaths.rug(s.rugId),
      data: { ...lotData(s), reserveNotMet },
    };
  },

  watchedLotOpen(s: LotSubject, endsAt: Date): NotificationInput {
    return {
      type: 'watched_lot_open',
      title: `Bidding is now open on ${lotName(s)}`,
      body: `A rug on your watchlist is open for bidding in ${s.auctionTitle}. The lot is scheduled to close on ${formatDate(endsAt)}.`,
      link: webPaths.liveLot(s.rugId),
      data: { ...lotData(s), endsAt: endsAt.toISOString() },
    };
  },

  endingSoon(s: LotSubject, price: number, currency: string, endsAt: Date): NotificationInput {
    return {
      type: 'ending_soon',
      title: `${lotName(s)} closes in 15 minutes`,
      body: `The current bid is ${formatMoney(price, currency)}. A bid in the final minutes extends the lot, so there is still time to take part.`,
      link: webPaths.liveLot(s.rugId),
      data: { ...lotData(s), price, endsAt: endsAt.toISOString() },
    };
  },

  orderCreated(
    s: LotSubject,
    order: {
      orderId: string;
      hammer: number;
      premium: number;
      premiumPct: number;
      total: number;
      dueAt: Date;
    },
    currency: string,
  ): NotificationInput {
    return {
      type: 'order_created',
      title: `Your invoice for ${lotName(s)}`,
      body: `Hammer price ${formatMoney(order.hammer, currency)} plus buyer's premium of ${order.premiumPct}% (${formatMoney(order.premium, currency)}): ${formatMoney(order.total, currency)} before shipping and tax, due by ${formatDate(order.dueAt)}.`,
      link: webPaths.myItems,
      data: {
        ...lotData(s),
        orderId: order.orderId,
        hammer: order.hammer,
        premium: order.premium,
        total: order.total,
        dueAt: order.dueAt.toISOString(),
      },
    };
  },

  boughtNow(
    s: LotSubject,
    order: { orderId: string; total: number; dueAt: Date },
    currency: string,
  ): NotificationInput {
    return {
      type: 'order_created',
      title: `Your purchase of ${lotName(s)}`,
      body: `You bought this lot outright for ${formatMoney(order.total, currency)} (no buyer's premium applies). Payment is due by ${formatDate(order.dueAt)}.`,
      link: webPaths.myItems,
      data: { ...lotData(s), orderId: order.orderId, total: order.total, dueAt: order.dueAt.toISOString() },
    };
  },

  paymentReminder(
    item: { orderId: string; rugId: string; rugTitle: string; lotNumber: number | null },
    order: { total: number; dueAt: Date },
    currency: string,
  ): NotificationInput {
    const name = item.lotNumber === null ? item.rugTitle : `Lot ${item.lotNumber} — ${item.rugTitle}`;
    return {
      type: 'payment_reminder',
      title: `A reminder: payment for ${name}`,
      body: `Your invoice of ${formatMoney(order.total, currency)} is due by ${formatDate(order.dueAt)}. Please complete payment in My Items so we can arrange shipping.`,
      link: webPaths.myItems,
      data: {
        orderId: item.orderId,
        rugId: item.rugId,
        total: order.total,
        dueAt: order.dueAt.toISOString(),
      },
    };
  },

  lotWithdrawn(s: LotSubject): NotificationInput {
    return {
      type: 'lot_withdrawn',
      title: `${lotName(s)} has been withdrawn`,
      body: `The auction house has withdrawn this lot from ${s.auctionTitle}. Your bids on it are cancelled and nothing is owed.`,
      link: webPaths.rug(s.rugId),
      data: lotData(s),
    };
  },

  bidVoided(s: LotSubject, amount: number, currency: string): NotificationInput {
    return {
      type: 'bid_voided',
      title: `Your bid on ${lotName(s)} has been cancelled`,
      body: `The auction house has cancelled your bid of ${formatMoney(amount, currency)} on this lot. Please contact our specialists if you have any questions.`,
      link: webPaths.liveLot(s.rugId),
      data: { ...lotData(s), amount },
    };
  },
};
