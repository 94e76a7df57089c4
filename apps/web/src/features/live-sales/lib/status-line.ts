import type { TFunction } from 'i18next';
import type { LiveBidLine, LiveSaleView } from '@knotwork/shared/schemas/live-sales';
import { labelNumber } from '@knotwork/shared/bidding/pseudonyms';
import { formatUsd } from '@/lib/format.ts';

/**
 * A generated label ("Bidder 3", "Paddle 12") in the visitor's language: from the line's number when it has one,
 * else read from the English label (the room's `myLabel`); anything else as it is.
 */
export function bidderLabel(
  t: TFunction,
  label: string,
  line?: Pick<LiveBidLine, 'source' | 'number'>,
): string {
  const parsed =
    line?.number !== undefined
      ? { kind: line.source === 'floor' ? 'paddle' : 'bidder', number: line.number }
      : labelNumber(label);
  if (!parsed) return label;
  return parsed.kind === 'paddle'
    ? t('live:sale.paddle', { number: parsed.number })
    : t('live:sale.bidder', { number: parsed.number });
}

/**
 * The auctioneer's words for the state of the sale, as the room hears them: "Fair warning", "Sold to paddle 12",
 * "Passed". `myLabel` turns the caller's own pseudonym into "you".
 */
export function statusLine(t: TFunction, view: LiveSaleView, myLabel: string | null): string {
  const lot = view.current;
  // The last lot's outcome stays on screen after the sale's end; with no lot at all, the sale's state speaks.
  if (!lot) return view.status === 'ended' ? t('sale.status.ended') : t('sale.status.waiting');
  const who = (line: LiveBidLine) =>
    line.label === myLabel ? t('sale.you') : bidderLabel(t, line.label, line);
  switch (lot.status) {
    case 'sold':
      return lot.hammer
        ? t('sale.status.sold', { who: who(lot.hammer), amount: formatUsd(lot.hammer.amount) })
        : t('sale.status.soldPlain');
    case 'passed':
      return t('sale.status.passed');
    case 'paused':
      return t('sale.status.paused');
    case 'waiting':
      return t('sale.status.waiting');
    case 'open':
      if (lot.fairWarning) return t('sale.status.fairWarning');
      if (!lot.leading) return t('sale.status.asking', { amount: formatUsd(lot.ask) });
      return t('sale.status.at', { amount: formatUsd(lot.leading.amount), who: who(lot.leading) });
  }
}

/** The bid line's source for people: "in the room", "online", "absentee", "by telephone". */
export const sourceKey = (source: LiveBidLine['source']) => `sale.source.${source}` as const;
