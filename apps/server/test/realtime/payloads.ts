import type { HistoryLine } from '@knotwork/shared/bidding/history-line';
import type { Lot } from '@knotwork/shared/schemas/catalogue';

/** Typed stand-ins for live payloads, for tests that publish on the bus directly (the bus only routes them). */
export const fakeLine = (seq: number, amount = seq * 100): HistoryLine => ({
  seq,
  bidder: 'Bidder 1',
  amount,
  automatic: false,
  at: new Date(0).toISOString(),
});

export const fakeLot = (patch: Partial<Lot> = {}): Lot => ({
  id: '00000000-0000-4000-8000-000000000000',
  auctionId: '00000000-0000-4000-8000-000000000001',
  auctionTitle: 'Sale',
  auctionSlug: 'sale',
  auctionType: 'timed',
  rugId: '00000000-0000-4000-8000-000000000002',
  lotNumber: 1,
  status: 'open',
  outcome: null,
  startsAt: new Date(0).toISOString(),
  endsAt: new Date(0).toISOString(),
  serverNow: new Date(0).toISOString(),
  openingBid: 100,
  currentBid: null,
  nextMinimumBid: 100,
  bidCount: 0,
  reserveMet: null,
  buyNowPrice: null,
  estimateLow: 100,
  estimateHigh: 200,
  hammerPrice: null,
  ...patch,
});
