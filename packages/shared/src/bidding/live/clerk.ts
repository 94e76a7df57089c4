import { increment, tableOrDefault } from '../increments.ts';
import type { BidderId, Cents, IncrementTable } from '../types.ts';

/**
 * A lot of a live sale (issue 12), run by a clerk for an auctioneer in a room while bidders follow online. A pure
 * state machine like the timed engine: the server applies an action under the lot's lock and stores the result,
 * the clerk console and the online view render the state, and property tests drive it with random actions.
 *
 * Live lots have no end time: they close on the hammer. Bids are made at the asking price, one step at a time;
 * absentee maximum bids left before the sale ("the book") bid for their owners against the room, each only as
 * far as needed, never above its maximum.
 */

/**
 * Where a bid came from: a paddle raised in the room, a bidder online, an absentee maximum left before, or a bidder
 * on a telephone line whose operator bid for them (issue 29 §1, decision 097).
 */
export type LiveBidSource =
  | { kind: 'floor'; paddle: number }
  | { kind: 'online'; bidderId: BidderId }
  | { kind: 'absentee'; bidderId: BidderId }
  | { kind: 'telephone'; bidderId: BidderId };

export interface LiveBid {
  amount: Cents;
  source: LiveBidSource;
}

export interface AbsenteeBid {
  bidderId: BidderId;
  max: Cents;
  /** Earlier absentee bids win ties, as in the timed engine. */
  placedAt: number;
}

export type LiveLotStatus = 'waiting' | 'open' | 'paused' | 'sold' | 'passed';

export interface LiveLotState {
  status: LiveLotStatus;
  openingBid: Cents;
  /** Hidden reserve: the auctioneer cannot sell below it. */
  reserve: Cents | null;
  increments: IncrementTable;
  /** The amount the auctioneer is asking for next. */
  ask: Cents;
  /** Accepted bids, oldest first; the last one leads. */
  bids: LiveBid[];
  absentee: AbsenteeBid[];
  /** "Fair warning" given since the last bid. */
  fairWarning: boolean;
  hammer: LiveBid | null;
  /** States before each bid action, newest last, so "undo" restores the exact previous state. */
  undo: Omit<LiveLotState, 'undo'>[];
}

export type LiveAction =
  | { type: 'open' }
  | { type: 'setAsk'; amount: Cents }
  | { type: 'floorBid'; paddle: number }
  /** `ask` is the asking price the bidder saw: a bid against a price that has moved since is refused. */
  | { type: 'onlineBid'; bidderId: BidderId; ask: Cents }
  /** A telephone operator's bid for the bidder on their line, at the ask the operator saw (as an online bid). */
  | { type: 'phoneBid'; bidderId: BidderId; ask: Cents }
  | { type: 'fairWarning' }
  | { type: 'sold' }
  | { type: 'pass' }
  | { type: 'undo' }
  | { type: 'pause' }
  | { type: 'resume' };

export type LiveRefusal =
  | 'NOT_WAITING'
  | 'NOT_OPEN'
  | 'NOT_PAUSED'
  | 'ASK_CHANGED'
  | 'ASK_TOO_LOW'
  | 'INVALID_AMOUNT'
  | 'INVALID_PADDLE'
  | 'ALREADY_LEADING'
  | 'NO_BID'
  | 'RESERVE_NOT_MET'
  | 'NOTHING_TO_UNDO';

export type LiveOutcome = { ok: true; state: LiveLotState } | { ok: false; reason: LiveRefusal };

export interface LiveLotSetup {
  openingBid: Cents;
  reserve?: Cents | null;
  increments?: IncrementTable | null;
  absentee?: AbsenteeBid[];
}

/** A lot waiting for the auctioneer, with the absentee bids left for it. */
export function liveLot(setup: LiveLotSetup): LiveLotState {
  return {
    status: 'waiting',
    openingBid: setup.openingBid,
    reserve: setup.reserve ?? null,
    increments: tableOrDefault(setup.increments),
    ask: setup.openingBid,
    bids: [],
    absentee: [...(setup.absentee ?? [])].sort(byStrength),
    fairWarning: false,
    hammer: null,
    undo: [],
  };
}

/** Strongest first: the higher maximum, then the earlier one. */
function byStrength(a: AbsenteeBid, b: AbsenteeBid) {
  return b.max - a.max || a.placedAt - b.placedAt;
}

export const leadingBid = (state: LiveLotState): LiveBid | null => state.bids.at(-1) ?? null;
export const currentPrice = (state: LiveLotState): Cents | null => leadingBid(state)?.amount ?? null;
export const reserveMet = (state: LiveLotState): boolean | null => {
  if (state.reserve === null) return null;
  const price = currentPrice(state);
  return price !== null && price >= state.reserve;
};
/** The ask that follows a bid of `amount`: one step of the increment table. */
export const askAfter = (state: Pick<LiveLotState, 'increments'>, amount: Cents): Cents =>
  amount + increment(amount, state.increments);

const sameBidder = (a: LiveBidSource, b: LiveBidSource) =>
  a.kind === 'floor'
    ? b.kind === 'floor' && a.paddle === b.paddle
    : b.kind !== 'floor' && a.bidderId === b.bidderId;

const refuse = (reason: LiveRefusal): LiveOutcome => ({ ok: false, reason });
const snapshot = ({ undo: _undo, ...rest }: LiveLotState): Omit<LiveLotState, 'undo'> =>
  structuredClone(rest);

/** Accepts a bid at the ask and moves the ask one step on. */
function bidAtAsk(state: LiveLotState, source: LiveBidSource): LiveLotState {
  const bid = { amount: state.ask, source };
  return { ...state, bids: [...state.bids, bid], ask: askAfter(state, bid.amount), fairWarning: false };
}

/**
 * The book answers: while an absentee bidder who does not lead has a maximum at or above the ask, the strongest
 * such bidder bids the ask for their owner. Two absentee bidders thus climb against each other step by step until
 * the weaker one's maximum is passed, as an auctioneer executing the book does.
 */
function answerFromBook(state: LiveLotState): LiveLotState {
  let next = state;
  for (;;) {
    const leader = leadingBid(next)?.source;
    const bidder = next.absentee.find(
      (a) => a.max >= next.ask && !(leader && sameBidder(leader, { kind: 'absentee', bidderId: a.bidderId })),
    );
    if (!bidder) return next;
    next = bidAtAsk(next, { kind: 'absentee', bidderId: bidder.bidderId });
  }
}

/** One clerk action on a live lot: the new state, or why it was refused (the state is then unchanged). */
export function applyLiveAction(state: LiveLotState, action: LiveAction): LiveOutcome {
  switch (action.type) {
    case 'open': {
      if (state.status !== 'waiting') return refuse('NOT_WAITING');
      return { ok: true, state: answerFromBook({ ...state, status: 'open' }) };
    }
    case 'setAsk': {
      if (state.status !== 'open' && state.status !== 'paused') return refuse('NOT_OPEN');
      if (!Number.isSafeInteger(action.amount) || action.amount <= 0 || action.amount % 100 !== 0)
        return refuse('INVALID_AMOUNT');
      // Before the first bid the auctioneer may open lower or higher; after it the ask stays above the price.
      const price = currentPrice(state);
      if (price !== null && action.amount <= price) return refuse('ASK_TOO_LOW');
      return { ok: true, state: { ...state, ask: action.amount } };
    }
    case 'floorBid':
    case 'onlineBid':
    case 'phoneBid': {
      if (state.status !== 'open') return refuse('NOT_OPEN');
      const source: LiveBidSource =
        action.type === 'floorBid'
          ? { kind: 'floor', paddle: action.paddle }
          : { kind: action.type === 'onlineBid' ? 'online' : 'telephone', bidderId: action.bidderId };
      if (action.type === 'floorBid' && (!Number.isSafeInteger(action.paddle) || action.paddle <= 0))
        return refuse('INVALID_PADDLE');
      if (action.type !== 'floorBid' && action.ask !== state.ask) return refuse('ASK_CHANGED');
      const leader = leadingBid(state)?.source;
      if (leader && sameBidder(leader, source)) return refuse('ALREADY_LEADING');
      const next = answerFromBook(bidAtAsk(state, source));
      return { ok: true, state: { ...next, undo: [...state.undo, snapshot(state)] } };
    }
    case 'fairWarning': {
      if (state.status !== 'open') return refuse('NOT_OPEN');
      if (state.bids.length === 0) return refuse('NO_BID');
      return { ok: true, state: { ...state, fairWarning: true } };
    }
    case 'sold': {
      if (state.status !== 'open') return refuse('NOT_OPEN');
      const last = leadingBid(state);
      if (!last) return refuse('NO_BID');
      if (reserveMet(state) === false) return refuse('RESERVE_NOT_MET');
      return { ok: true, state: { ...state, status: 'sold', hammer: last, undo: [] } };
    }
    case 'pass': {
      if (state.status !== 'open' && state.status !== 'paused') return refuse('NOT_OPEN');
      return { ok: true, state: { ...state, status: 'passed', undo: [] } };
    }
    case 'undo': {
      if (state.status !== 'open' && state.status !== 'paused') return refuse('NOT_OPEN');
      const previous = state.undo.at(-1);
      if (!previous) return refuse('NOTHING_TO_UNDO');
      return {
        ok: true,
        state: { ...structuredClone(previous), status: state.status, undo: state.undo.slice(0, -1) },
      };
    }
    case 'pause': {
      if (state.status !== 'open') return refuse('NOT_OPEN');
      return { ok: true, state: { ...state, status: 'paused' } };
    }
    case 'resume': {
      if (state.status !== 'paused') return refuse('NOT_PAUSED');
      return { ok: true, state: { ...state, status: 'open' } };
    }
  }
}

/** Where the lead is, in the words the clerk and the room use: "paddle 12", a pseudonym online, or the book. */
export function leaderLabel(bid: LiveBid | null, pseudonym: (bidderId: BidderId) => string): string | null {
  if (!bid) return null;
  if (bid.source.kind === 'floor') return `Paddle ${bid.source.paddle}`;
  return pseudonym(bid.source.bidderId);
}
