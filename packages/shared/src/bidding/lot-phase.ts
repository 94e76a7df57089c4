/**
 * Where a lot stands at a moment, on the server's clock: the stored state first, then the lot's times. The
 * stored status is the truth once the engine moves it; until its jobs run, a stored `scheduled` lot whose
 * start has passed is open, and a lot past its end is closing (no bid can be accepted, nobody has recorded the
 * result yet). The server derives the status it publishes from this; clients derive what to show, so a
 * countdown can roll over between two payloads.
 */
import type { EpochMs, LotOutcome, LotStatus } from './types.ts';

export type LotPhase = 'upcoming' | 'open' | 'closing' | 'sold' | 'unsold' | 'withdrawn';

/** Epoch ms, or an ISO time as the API carries it. */
export type Instant = EpochMs | string;

export interface PhaseInput {
  status: LotStatus;
  outcome: LotOutcome | null;
  startsAt: Instant;
  endsAt: Instant;
}

const ms = (t: Instant): EpochMs => (typeof t === 'number' ? t : Date.parse(t));

/**
 * Whether a lot is live by its stored status: not yet closed and not withdrawn (scheduled or open, whatever the
 * clock says). At most one lot of a rug is live; SQL filters restate it as lot-sql.ts `lotIsLive`.
 */
export function lotIsLive(lot: Pick<PhaseInput, 'status'>): boolean {
  return lot.status === 'scheduled' || lot.status === 'open';
}

/** The lot's phase at `at`. Never moves backwards as `at` grows (upcoming, open, closing). */
export function lotPhase(lot: PhaseInput, at: EpochMs): LotPhase {
  if (lot.status === 'withdrawn') return 'withdrawn';
  if (lot.status === 'closed') return lot.outcome ?? 'closing';
  if (at < ms(lot.startsAt)) return 'upcoming';
  return at < ms(lot.endsAt) ? 'open' : 'closing';
}

const STATUS_OF_PHASE: Readonly<Record<LotPhase, LotStatus>> = {
  upcoming: 'scheduled',
  open: 'open',
  closing: 'closed',
  sold: 'closed',
  unsold: 'closed',
  withdrawn: 'withdrawn',
};

/** The status a reader sees at `at` (the API's `status`): closing reads `closed`, with outcome still null. */
export function effectiveLotStatus(lot: Omit<PhaseInput, 'outcome'>, at: EpochMs): LotStatus {
  return STATUS_OF_PHASE[lotPhase({ ...lot, outcome: null }, at)];
}

/**
 * The status the public API shows for a lot of a sale of `auctionType`. A lot of a live sale closes on the
 * auctioneer's hammer, not on a clock: its timed end only closes the absentee window (the clerk's console sets it
 * to "now" when the lot goes on the block), so past that end, until the hammer or a pass is recorded, it reads
 * `open` (being sold, or still to come in the room), never `closed` (issue 24 section 4).
 */
export function publicLotStatus(
  lot: Omit<PhaseInput, 'outcome'> & { auctionType: 'timed' | 'live' },
  at: EpochMs,
): LotStatus {
  const status = effectiveLotStatus(lot, at);
  return lot.auctionType === 'live' && status === 'closed' && lot.status !== 'closed' ? 'open' : status;
}

/** Whether the lot of a live sale is past its absentee window and waits for (or is under) the hammer. */
export function inLiveRoom(lot: PhaseInput & { auctionType: 'timed' | 'live' }, at: EpochMs): boolean {
  return lot.auctionType === 'live' && lotPhase(lot, at) === 'closing';
}

/**
 * Whether a reader may buy the lot outright at `at`: the lot is open then and the server still quotes a price (the
 * payload's `buyNowPrice` is null once buy now is gone: lot-state `buyNowOffered`, no bid yet and reserve unmet).
 * The one rule behind the lot panel's button and the buy-now page.
 */
export function buyNowOpen(lot: PhaseInput & { buyNowPrice: number | null }, at: EpochMs): boolean {
  return lotPhase(lot, at) === 'open' && lot.buyNowPrice !== null;
}
