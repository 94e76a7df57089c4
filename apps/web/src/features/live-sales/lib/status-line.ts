import type { TFunction } from 'i18next';
import type { LiveSaleView } from '@knotwork/shared/schemas/live-sales';
import { formatUsd } from '@/lib/format.ts';

/**
 * The auctioneer's words for the state of the sale, as the room hears them: "Fair warning", "Sold to paddle 12",
 * "Passed". `myLabel` turns the caller's own pseudonym into "you".
 */
export function statusLine(t: TFunction, view: LiveSaleView, myLabel: string | null): string {
  const lot = view.current;
  // The last lot's outcome stays on screen after the sale's end; with no lot at all, the sale's state speaks.
  if (!lot) return view.status === 'ended' ? t('sale.status.ended') : t('sale.status.waiting');
  const who = (label: string) => (label === myLabel ? t('sale.you') : label);
  switch (lot.status) {
    case 'sold':
      return lot.hammer
        ? t('sale.status.sold', { who: who(lot.hammer.label), amount: formatUsd(lot.hammer.amount) })
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
      return t('sale.status.at', { amount: formatUsd(lot.leading.amount), who: who(lot.leading.label) });
  }
}

/** The bid line's source for people: "in the room", "online", "absentee". */
export const sourceKey = (source: 'floor' | 'online' | 'absentee') => `sale.source.${source}` as const;
