import {
  askAfter,
  leadingBid,
  liveLot,
  reserveMet,
  type LiveBid,
  type LiveLotState,
  type LiveLotStatus,
} from '@knotwork/shared/bidding/live/clerk';
import {
  bidderNumbers as numberBidders,
  bidderPseudonym,
  pseudonymOf,
} from '@knotwork/shared/bidding/pseudonyms';
import type { IncrementTable } from '@knotwork/shared/bidding/types';
import type {
  LiveBidLine,
  LiveCurrentLot,
  LiveLotSummary,
  LiveSaleView,
  LiveStaffView,
} from '@knotwork/shared/schemas/live-sales';
import { isoFromMs, num, numOrNull } from '../../db/raw.ts';
import { toApiImage } from '../media/index.ts';
import { coverImage } from '../catalogue/cover-sql.ts';
import type { AbsenteeRow, SaleLotRow } from './repository.ts';

/**
 * The views of a live sale (decision 051): the public one every socket receives and the clerk's, built from the
 * sale's rows in one place so the REST answers and the live events never disagree.
 */

export interface SaleFacts {
  auction_id: string;
  slug: string;
  title: string;
  current_lot_id: string | null;
  seq: string | number;
  updated_ms: string | number;
  increments: IncrementTable | null;
}

/** The clerk state of a lot: stored once it was offered, else a lot still waiting (its own opening and reserve). */
export function stateOf(lot: SaleLotRow, increments: IncrementTable | null): LiveLotState {
  if (lot.live_state) return lot.live_state;
  const base = liveLot({ openingBid: num(lot.opening_bid), reserve: numOrNull(lot.reserve), increments });
  // A lot closed before the live sale ran (or by staff) shows its recorded outcome.
  if (lot.status === 'closed') return { ...base, status: lot.outcome === 'sold' ? 'sold' : 'passed' };
  return base;
}

/** Online and absentee bidders numbered by their first bid on the lot, by the timed lots' rule ("Bidder 3"). */
export function bidderNumbers(state: Pick<LiveLotState, 'bids'>): Map<string, number> {
  return numberBidders(state.bids.flatMap((bid) => (bid.source.kind === 'floor' ? [] : [bid.source])));
}

export function bidLine(bid: LiveBid, numbers: ReadonlyMap<string, number>): LiveBidLine {
  if (bid.source.kind === 'floor')
    return {
      amount: bid.amount,
      source: 'floor',
      label: `Paddle ${bid.source.paddle}`,
      number: bid.source.paddle,
    };
  const number = numbers.get(bid.source.bidderId) ?? numbers.size + 1;
  return {
    amount: bid.amount,
    source: bid.source.kind,
    label: pseudonymOf(numbers, bid.source.bidderId),
    number,
  };
}

function summary(lot: SaleLotRow, status: LiveLotStatus, mediaBaseUrl: string): LiveLotSummary {
  const cover = coverImage(lot);
  const image = cover && toApiImage(cover, { baseUrl: mediaBaseUrl, alt: lot.cover_alt ?? lot.rug_title });
  return {
    lotId: lot.id,
    lotNumber: lot.lot_number,
    rug: {
      id: lot.rug_id,
      slug: lot.rug_slug,
      title: lot.rug_title,
      originRegion: lot.origin_region,
      originCountry: lot.origin_country,
      circaYear: lot.circa_year,
      widthCm: lot.width_cm,
      lengthCm: lot.length_cm,
      image,
    },
    openingBid: num(lot.opening_bid),
    estimateLow: num(lot.estimate_low),
    estimateHigh: num(lot.estimate_high),
    status,
  };
}

function currentLot(lot: SaleLotRow, state: LiveLotState, mediaBaseUrl: string): LiveCurrentLot {
  const numbers = bidderNumbers(state);
  const lead = leadingBid(state);
  return {
    ...summary(lot, state.status, mediaBaseUrl),
    ask: state.ask,
    bids: state.bids.map((b) => bidLine(b, numbers)),
    leading: lead ? bidLine(lead, numbers) : null,
    fairWarning: state.fairWarning,
    hammer: state.hammer ? bidLine(state.hammer, numbers) : null,
    reserveMet: reserveMet(state),
  };
}

export function publicView(sale: SaleFacts, lots: readonly SaleLotRow[], mediaBaseUrl: string): LiveSaleView {
  const states = lots.map((lot) => ({ lot, state: stateOf(lot, sale.increments) }));
  const current = states.find((s) => s.lot.id === sale.current_lot_id) ?? null;
  const waiting = states.filter((s) => s.state.status === 'waiting');
  const onBlock = current && (current.state.status === 'open' || current.state.status === 'paused');
  return {
    auctionId: sale.auction_id,
    slug: sale.slug,
    title: sale.title,
    seq: num(sale.seq),
    status: !current
      ? waiting.length === lots.length
        ? 'waiting'
        : 'running'
      : !onBlock && waiting.length === 0
        ? 'ended'
        : 'running',
    current: current ? currentLot(current.lot, current.state, mediaBaseUrl) : null,
    upcoming: waiting.map((s) => summary(s.lot, 'waiting', mediaBaseUrl)),
    lotsDone: states.filter((s) => s.state.status === 'sold' || s.state.status === 'passed').length,
    updatedAt: isoFromMs(num(sale.updated_ms)),
  };
}

/** The label the caller carries on the current lot, once they have bid on it. */
export function labelOf(view: LiveSaleView, lots: readonly SaleLotRow[], userId: string): string | null {
  const lot = lots.find((l) => l.id === view.current?.lotId);
  if (!lot?.live_state) return null;
  const n = bidderNumbers(lot.live_state).get(userId);
  return n === undefined ? null : bidderPseudonym(n);
}

export function staffView(
  sale: SaleFacts,
  lots: readonly SaleLotRow[],
  book: readonly AbsenteeRow[],
  names: ReadonlyMap<string, string>,
  onlineCount: number,
  mediaBaseUrl: string,
  paddles: LiveStaffView['paddles'] = [],
  phoneLines: LiveStaffView['phoneLines'] = {},
): LiveStaffView {
  const view = publicView(sale, lots, mediaBaseUrl);
  const byLot = new Map<string, { label: string; bidderName: string; max: number }[]>();
  for (const r of [...book].sort((a, b) => num(b.max) - num(a.max) || num(a.placed_ms) - num(b.placed_ms))) {
    const list = byLot.get(r.lot_id) ?? [];
    list.push({ label: 'Absentee', bidderName: r.name, max: num(r.max) });
    byLot.set(r.lot_id, list);
  }
  const lot = lots.find((l) => l.id === sale.current_lot_id);
  const state = lot ? stateOf(lot, sale.increments) : null;
  // The book of the lot on the block is the engine's copy (taken when it opened), named for the clerk.
  const numbers = state ? bidderNumbers(state) : new Map<string, number>();
  const absentee =
    state?.absentee.map((a) => ({
      label: numbers.has(a.bidderId) ? bidderPseudonym(numbers.get(a.bidderId)!) : 'Absentee',
      bidderName: names.get(a.bidderId) ?? '',
      max: a.max,
    })) ?? [];
  const lead = state ? leadingBid(state) : null;
  const leaderId = lead && lead.source.kind !== 'floor' ? lead.source.bidderId : null;
  const leaderName = !lead
    ? null
    : lead.source.kind === 'floor'
      ? `Paddle ${lead.source.paddle}`
      : (names.get(lead.source.bidderId) ?? null);
  return {
    ...view,
    absentee,
    upcomingAbsentee: Object.fromEntries(view.upcoming.map((u) => [u.lotId, byLot.get(u.lotId) ?? []])),
    onlineCount,
    canUndo: Boolean(
      state && state.undo.length > 0 && (state.status === 'open' || state.status === 'paused'),
    ),
    suggestedAsk: state && lead ? askAfter(state, lead.amount) : null,
    leaderName,
    leaderPaddle: leaderId === null ? null : (paddles.find((p) => p.userId === leaderId)?.paddle ?? null),
    reserves: Object.fromEntries(lots.map((l) => [l.id, numOrNull(l.reserve)])),
    paddles,
    phoneLines,
  };
}
