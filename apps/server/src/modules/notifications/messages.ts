import type { Language } from '@knotwork/shared/constants/languages';
import { webPaths } from '@knotwork/shared/constants/web-paths';
import { mailDate, mailT, noticeFormat, noticeMoney, type MailT } from '../mail/mail-i18n.ts';
import type { NotificationInput } from './notification-types.ts';

/** What every lot notification names: "Lot 12 — Antique Heriz Serapi, circa 1890". */
export interface LotSubject {
  lotId: string;
  lotNumber: number;
  rugId: string;
  rugTitle: string;
  auctionId: string;
  auctionTitle: string;
  /** A live sale's notices lead into its room (/live/<sale>), issue 24.4. */
  auctionType?: 'timed' | 'live';
}

/** Web paths the notifications open: the web app's own routes (packages/shared/src/constants/web-paths.ts). */
const links = {
  liveLot: webPaths.rugLive.href,
  rug: webPaths.rug.href,
  myItems: webPaths.myItems.href(),
  liveRoom: webPaths.live.href,
} as const;

/** Where a notice about bidding on a lot leads: the live room for a live sale ("Bid live now"), else the lot. */
const biddingLink = (s: LotSubject) =>
  s.auctionType === 'live' ? links.liveRoom(s.auctionId) : links.liveLot(s.rugId);

/** Whole amounts without decimals ("$1,200"), others with cents ("$1,312.50"). */
export function formatMoney(cents: number, currency: string): string {
  return noticeFormat('en-US', currency, cents % 100 === 0).format(cents / 100);
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

const lotData = (s: LotSubject) => ({
  lotId: s.lotId,
  rugId: s.rugId,
  auctionId: s.auctionId,
  lotNumber: s.lotNumber,
});

/** Words and formats in one language, for one notification's title and body. */
interface NoticeWords {
  t: MailT;
  money: (cents: number, currency: string) => string;
  date: (date: Date) => string;
  lot: (s: { lotNumber: number; rugTitle: string }) => string;
}

function wordsFor(language: Language): NoticeWords {
  const t = mailT(language);
  return {
    t,
    money: (cents, currency) =>
      language === 'en' ? formatMoney(cents, currency) : noticeMoney(cents, currency, language),
    date: (date) => (language === 'en' ? formatDate(date) : mailDate(date, language)),
    lot: (s) => t('notifications.lotName', { lot: s.lotNumber, title: s.rugTitle }),
  };
}

/**
 * A notification whose title and body are written in English here and in the recipient's language by `notify`
 * (issue 9: the bell and push read in the account's language).
 */
function notice(
  type: NotificationInput['type'],
  link: string,
  data: Record<string, unknown>,
  words: (w: NoticeWords) => { title: string; body: string },
): NotificationInput {
  return { type, ...words(wordsFor('en')), link, data, localized: (language) => words(wordsFor(language)) };
}

/**
 * The words of every notification, in the register of a fine auction house. One function per type so the
 * bidding core, the jobs and staff actions all say the same thing.
 */
export const notificationMessages = {
  outbid(s: LotSubject, price: number, currency: string): NotificationInput {
    return notice('outbid', biddingLink(s), { ...lotData(s), price }, (w) => ({
      title: w.t('notifications.outbid.title', { lot: w.lot(s) }),
      body: w.t('notifications.outbid.body', { price: w.money(price, currency) }),
    }));
  },

  won(
    s: LotSubject,
    order: { orderId: string; hammer: number; premium: number; total: number; dueAt: Date },
    currency: string,
  ): NotificationInput {
    return notice(
      'won',
      links.myItems,
      {
        ...lotData(s),
        orderId: order.orderId,
        hammer: order.hammer,
        premium: order.premium,
        total: order.total,
      },
      (w) => ({
        title: w.t('notifications.won.title', { lot: w.lot(s) }),
        body: w.t('notifications.won.body', {
          hammer: w.money(order.hammer, currency),
          auction: s.auctionTitle,
          total: w.money(order.total, currency),
          date: w.date(order.dueAt),
        }),
      }),
    );
  },

  lost(s: LotSubject, hammer: number, currency: string): NotificationInput {
    return notice('lost', links.rug(s.rugId), { ...lotData(s), hammer }, (w) => ({
      title: w.t('notifications.lost.title', { lot: w.lot(s) }),
      body: w.t('notifications.lost.body', { hammer: w.money(hammer, currency) }),
    }));
  },

  unsold(s: LotSubject, reserveNotMet: boolean): NotificationInput {
    return notice('unsold', links.rug(s.rugId), { ...lotData(s), reserveNotMet }, (w) => ({
      title: w.t('notifications.unsold.title', { lot: w.lot(s) }),
      body: reserveNotMet ? w.t('notifications.unsold.reserveNotMet') : w.t('notifications.unsold.plain'),
    }));
  },

  watchedLotOpen(s: LotSubject, endsAt: Date): NotificationInput {
    return notice(
      'watched_lot_open',
      biddingLink(s),
      { ...lotData(s), endsAt: endsAt.toISOString() },
      (w) => ({
        title: w.t('notifications.watchedLotOpen.title', { lot: w.lot(s) }),
        body: w.t('notifications.watchedLotOpen.body', { auction: s.auctionTitle, date: w.date(endsAt) }),
      }),
    );
  },

  endingSoon(s: LotSubject, price: number, currency: string, endsAt: Date): NotificationInput {
    return notice(
      'ending_soon',
      biddingLink(s),
      { ...lotData(s), price, endsAt: endsAt.toISOString() },
      (w) => ({
        title: w.t('notifications.endingSoon.title', { lot: w.lot(s) }),
        body: w.t('notifications.endingSoon.body', { price: w.money(price, currency) }),
      }),
    );
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
    return notice(
      'order_created',
      links.myItems,
      {
        ...lotData(s),
        orderId: order.orderId,
        hammer: order.hammer,
        premium: order.premium,
        total: order.total,
        dueAt: order.dueAt.toISOString(),
      },
      (w) => ({
        title: w.t('notifications.orderCreated.title', { lot: w.lot(s) }),
        body: w.t('notifications.orderCreated.body', {
          hammer: w.money(order.hammer, currency),
          pct: order.premiumPct,
          premium: w.money(order.premium, currency),
          total: w.money(order.total, currency),
          date: w.date(order.dueAt),
        }),
      }),
    );
  },

  boughtNow(
    s: LotSubject,
    order: { orderId: string; total: number; dueAt: Date },
    currency: string,
  ): NotificationInput {
    return notice(
      'order_created',
      links.myItems,
      { ...lotData(s), orderId: order.orderId, total: order.total, dueAt: order.dueAt.toISOString() },
      (w) => ({
        title: w.t('notifications.boughtNow.title', { lot: w.lot(s) }),
        body: w.t('notifications.boughtNow.body', {
          total: w.money(order.total, currency),
          date: w.date(order.dueAt),
        }),
      }),
    );
  },

  paymentReminder(
    item: { orderId: string; rugId: string; rugTitle: string; lotNumber: number | null },
    order: { total: number; dueAt: Date },
    currency: string,
  ): NotificationInput {
    return notice(
      'payment_reminder',
      links.myItems,
      { orderId: item.orderId, rugId: item.rugId, total: order.total, dueAt: order.dueAt.toISOString() },
      (w) => ({
        title: w.t('notifications.paymentReminder.title', {
          lot:
            item.lotNumber === null
              ? item.rugTitle
              : w.lot({ lotNumber: item.lotNumber, rugTitle: item.rugTitle }),
        }),
        body: w.t('notifications.paymentReminder.body', {
          total: w.money(order.total, currency),
          date: w.date(order.dueAt),
        }),
      }),
    );
  },

  lotWithdrawn(s: LotSubject): NotificationInput {
    return notice('lot_withdrawn', links.rug(s.rugId), lotData(s), (w) => ({
      title: w.t('notifications.lotWithdrawn.title', { lot: w.lot(s) }),
      body: w.t('notifications.lotWithdrawn.body', { auction: s.auctionTitle }),
    }));
  },

  registrationDecided(r: {
    auctionId: string;
    auctionSlug: string;
    auctionTitle: string;
    paddle: number;
    decision: 'approved' | 'rejected';
    reason: string | null;
  }): NotificationInput {
    const approved = r.decision === 'approved';
    return notice(
      'registration_decided',
      webPaths.upcomingAuction.href(r.auctionSlug),
      { auctionId: r.auctionId, paddle: r.paddle, decision: r.decision },
      (w) => ({
        title: w.t(approved ? 'registration.approvedTitle' : 'registration.rejectedTitle', {
          sale: r.auctionTitle,
        }),
        body: approved
          ? w.t('registration.approvedBody', { paddle: r.paddle })
          : w.t('registration.rejectedBody', { reason: r.reason ?? '' }),
      }),
    );
  },

  bidVoided(s: LotSubject, amount: number, currency: string): NotificationInput {
    return notice('bid_voided', links.liveLot(s.rugId), { ...lotData(s), amount }, (w) => ({
      title: w.t('notifications.bidVoided.title', { lot: w.lot(s) }),
      body: w.t('notifications.bidVoided.body', { amount: w.money(amount, currency) }),
    }));
  },
};
