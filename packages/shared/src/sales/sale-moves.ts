/**
 * What staff may do with a sale, in one place (issue 24 section 3, decision 074). The server's sale services
 * refuse any move this table refuses, with the same reason; the back office shows an action only when the table
 * allows it (or shows it disabled with the reason). A pure function of a few facts and a clock, so a
 * table-driven test covers every stage and move.
 *
 * The rule behind the table: **a draft never opens by itself**. Whatever its dates say, a draft stays a draft
 * (hidden, its lots never open or close) until staff publish it, so staff can always reschedule it, add or
 * change lots, or delete it. Publishing needs lots and a start still ahead: a draft whose start has passed is
 * rescheduled first (the back office offers both in one dialog). Once a published sale's start passes it runs:
 * only its title and description change, lots can still be withdrawn (a lot rule, not a sale move).
 */
import type { Instant } from '../bidding/lot-phase.ts';

export type SaleStoredStatus = 'draft' | 'scheduled' | 'open' | 'closed' | 'cancelled';

/**
 * Where a sale stands for staff: a draft (start ahead, or `draftOverdue`: start passed, still a draft),
 * published and waiting (`scheduled`), `running`, `closed` or `cancelled`.
 */
export type SaleStage = 'draft' | 'draftOverdue' | 'scheduled' | 'running' | 'closed' | 'cancelled';
export const SALE_STAGES = ['draft', 'draftOverdue', 'scheduled', 'running', 'closed', 'cancelled'] as const;

/**
 * - `editText`: title and description;
 * - `reschedule`: the schedule and bidding rules (type, start, end, stagger, premium, increments, soft close);
 * - `publish` / `unpublish`: make a draft visible, or take a published sale that has not started back to draft;
 * - `addLot`, `editLots` (a lot's terms, renumbering): the sale's lots before it runs;
 * - `delete`: remove a draft and its lots for good.
 */
export type SaleMove = 'editText' | 'reschedule' | 'publish' | 'unpublish' | 'addLot' | 'editLots' | 'delete';
export const SALE_MOVES = [
  'editText',
  'reschedule',
  'publish',
  'unpublish',
  'addLot',
  'editLots',
  'delete',
] as const satisfies readonly SaleMove[];

/** Why a move is refused: the API's `code` and the key of the message shown to staff. */
export type SaleMoveRefusal =
  | 'AUCTION_STARTED'
  | 'SALE_CLOSED'
  | 'SALE_CANCELLED'
  | 'NOT_DRAFT'
  | 'NO_LOTS'
  | 'START_PASSED'
  | 'NOT_SCHEDULED'
  | 'UNPUBLISH_FIRST';

/** The staff API's words for each refusal (the web translates them by code). */
export const saleMoveMessages: Readonly<Record<SaleMoveRefusal, string>> = {
  AUCTION_STARTED: 'The sale has started: its schedule and rules can no longer change',
  SALE_CLOSED: 'The sale is over: its schedule, rules and lots can no longer change',
  SALE_CANCELLED: 'The sale was cancelled: its schedule, rules and lots can no longer change',
  NOT_DRAFT: 'Only a draft sale can be published',
  NO_LOTS: 'Add at least one lot before publishing',
  START_PASSED: 'The sale\u2019s start has passed: move it to the future before publishing',
  NOT_SCHEDULED: 'Only a published sale that has not started can go back to draft',
  UNPUBLISH_FIRST: 'A published sale cannot be deleted: take it back to draft first',
};

export interface SaleFacts {
  status: SaleStoredStatus;
  startsAt: Instant;
  /** Lots that are not withdrawn. */
  activeLotCount: number;
  /** Some lot has opened or closed: the sale has really run, whatever its stored status says. */
  lotsStarted: boolean;
}

export type MoveAnswer = { allowed: true } | { allowed: false; reason: SaleMoveRefusal };

const ms = (t: Instant): number => (typeof t === 'number' ? t : Date.parse(t));

/** The sale's stage at `now` (epoch ms; the server passes the database clock). */
export function saleStage(sale: SaleFacts, now: number): SaleStage {
  if (sale.status === 'cancelled') return 'cancelled';
  if (sale.status === 'closed') return 'closed';
  if (sale.lotsStarted || sale.status === 'open') return 'running';
  const ahead = ms(sale.startsAt) > now;
  if (sale.status === 'draft') return ahead ? 'draft' : 'draftOverdue';
  return ahead ? 'scheduled' : 'running';
}

const yes: MoveAnswer = { allowed: true };
const no = (reason: SaleMoveRefusal): MoveAnswer => ({ allowed: false, reason });

/** The refusal of a locked sale (running, closed, cancelled) for moves that change how it runs. */
const LOCKED: Partial<Record<SaleStage, SaleMoveRefusal>> = {
  running: 'AUCTION_STARTED',
  closed: 'SALE_CLOSED',
  cancelled: 'SALE_CANCELLED',
};

/** Whether `move` is allowed for a sale at `stage`, and why not. */
export function stageAllows(stage: SaleStage, move: SaleMove, activeLotCount: number): MoveAnswer {
  const locked = LOCKED[stage];
  switch (move) {
    case 'editText':
      return yes;
    case 'reschedule':
    case 'addLot':
    case 'editLots':
      return locked ? no(locked) : yes;
    case 'publish':
      if (stage === 'draftOverdue') return no('START_PASSED');
      if (stage !== 'draft') return no('NOT_DRAFT');
      return activeLotCount > 0 ? yes : no('NO_LOTS');
    case 'unpublish':
      return stage === 'scheduled' ? yes : no(locked ?? 'NOT_SCHEDULED');
    case 'delete':
      if (stage === 'draft' || stage === 'draftOverdue') return yes;
      return stage === 'scheduled' ? no('UNPUBLISH_FIRST') : no(locked!);
  }
}

/** Every move's answer for a sale at `now`. */
export function saleMoves(sale: SaleFacts, now: number): Record<SaleMove, MoveAnswer> {
  const stage = saleStage(sale, now);
  return Object.fromEntries(
    SALE_MOVES.map((move) => [move, stageAllows(stage, move, sale.activeLotCount)]),
  ) as Record<SaleMove, MoveAnswer>;
}

/** The moves allowed, in SALE_MOVES order (what the staff API sends as `moves`). */
export function allowedSaleMoves(sale: SaleFacts, now: number): SaleMove[] {
  const answers = saleMoves(sale, now);
  return SALE_MOVES.filter((move) => answers[move].allowed);
}

/** The one check a service runs before a move: the refusal, or null when allowed. */
export function saleMoveRefusal(sale: SaleFacts, move: SaleMove, now: number): SaleMoveRefusal | null {
  const answer = stageAllows(saleStage(sale, now), move, sale.activeLotCount);
  return answer.allowed ? null : answer.reason;
}
