import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  SALE_MOVES,
  SALE_STAGES,
  allowedSaleMoves,
  saleMoveMessages,
  saleMoveRefusal,
  saleMoves,
  saleStage,
  stageAllows,
  type SaleFacts,
  type SaleMove,
  type SaleMoveRefusal,
  type SaleStage,
  type SaleStoredStatus,
} from '@knotwork/shared/sales/sale-moves';

const NOW = Date.parse('2026-11-28T10:00:00Z');
const HOUR = 3_600_000;

/** Every stage x move, with lots: `true` allowed, else the refusal. Written out so a change is a visible diff. */
const TABLE: Record<SaleStage, Record<SaleMove, true | SaleMoveRefusal>> = {
  draft: {
    editText: true,
    reschedule: true,
    publish: true,
    unpublish: 'NOT_SCHEDULED',
    addLot: true,
    editLots: true,
    delete: true,
  },
  draftOverdue: {
    editText: true,
    reschedule: true,
    publish: 'START_PASSED',
    unpublish: 'NOT_SCHEDULED',
    addLot: true,
    editLots: true,
    delete: true,
  },
  scheduled: {
    editText: true,
    reschedule: true,
    publish: 'NOT_DRAFT',
    unpublish: true,
    addLot: true,
    editLots: true,
    delete: 'UNPUBLISH_FIRST',
  },
  running: {
    editText: true,
    reschedule: 'AUCTION_STARTED',
    publish: 'NOT_DRAFT',
    unpublish: 'AUCTION_STARTED',
    addLot: 'AUCTION_STARTED',
    editLots: 'AUCTION_STARTED',
    delete: 'AUCTION_STARTED',
  },
  closed: {
    editText: true,
    reschedule: 'SALE_CLOSED',
    publish: 'NOT_DRAFT',
    unpublish: 'SALE_CLOSED',
    addLot: 'SALE_CLOSED',
    editLots: 'SALE_CLOSED',
    delete: 'SALE_CLOSED',
  },
  cancelled: {
    editText: true,
    reschedule: 'SALE_CANCELLED',
    publish: 'NOT_DRAFT',
    unpublish: 'SALE_CANCELLED',
    addLot: 'SALE_CANCELLED',
    editLots: 'SALE_CANCELLED',
    delete: 'SALE_CANCELLED',
  },
};

const cases = SALE_STAGES.flatMap((stage) =>
  SALE_MOVES.map((move) => [stage, move, TABLE[stage][move]] as const),
);

describe('sale moves: every stage x move', () => {
  it.each(cases)('%s / %s -> %s', (stage, move, expected) => {
    const answer = stageAllows(stage, move, 3);
    expect(answer).toEqual(expected === true ? { allowed: true } : { allowed: false, reason: expected });
  });

  it('publishing needs a lot that is not withdrawn; nothing else depends on the lots', () => {
    for (const stage of SALE_STAGES) {
      for (const move of SALE_MOVES) {
        const withNone = stageAllows(stage, move, 0);
        if (stage === 'draft' && move === 'publish')
          expect(withNone).toEqual({ allowed: false, reason: 'NO_LOTS' });
        else expect(withNone).toEqual(stageAllows(stage, move, 3));
      }
    }
  });

  it('every refusal has staff-facing words', () => {
    for (const reason of Object.values(TABLE).flatMap((row) => Object.values(row))) {
      if (reason !== true) expect(saleMoveMessages[reason]).toMatch(/\w/);
    }
  });
});

const facts = (over: Partial<SaleFacts>): SaleFacts => ({
  status: 'draft',
  startsAt: NOW + HOUR,
  activeLotCount: 2,
  lotsStarted: false,
  ...over,
});

describe('saleStage', () => {
  it.each<[string, Partial<SaleFacts>, SaleStage]>([
    ['a draft with its start ahead', {}, 'draft'],
    ['a draft whose start has passed (never opens by itself)', { startsAt: NOW - HOUR }, 'draftOverdue'],
    ['a draft starting this very moment', { startsAt: NOW }, 'draftOverdue'],
    ['a published sale before its start', { status: 'scheduled' }, 'scheduled'],
    [
      'a published sale whose start passed before the job ran',
      { status: 'scheduled', startsAt: NOW - 1 },
      'running',
    ],
    ['an open sale', { status: 'open', startsAt: NOW - HOUR }, 'running'],
    ['a scheduled sale with a lot already open', { status: 'scheduled', lotsStarted: true }, 'running'],
    ['a draft whose lots ran (old data) is locked like a running sale', { lotsStarted: true }, 'running'],
    ['a closed sale', { status: 'closed', startsAt: NOW - 9 * HOUR }, 'closed'],
    ['a cancelled sale', { status: 'cancelled' }, 'cancelled'],
  ])('%s', (_name, over, stage) => {
    expect(saleStage(facts(over), NOW)).toBe(stage);
  });

  it('accepts ISO times as the API carries them', () => {
    expect(saleStage(facts({ startsAt: new Date(NOW - HOUR).toISOString() }), NOW)).toBe('draftOverdue');
  });
});

describe('the past-start draft is never stuck', () => {
  const overdue = facts({ startsAt: NOW - 5 * HOUR });
  it('can be rescheduled, given lots, edited and deleted; publishing asks for a reschedule', () => {
    expect(allowedSaleMoves(overdue, NOW)).toEqual([
      'editText',
      'reschedule',
      'addLot',
      'editLots',
      'delete',
    ]);
    expect(saleMoveRefusal(overdue, 'publish', NOW)).toBe('START_PASSED');
  });
  it('publishes once its start is moved ahead', () => {
    expect(saleMoveRefusal({ ...overdue, startsAt: NOW + HOUR }, 'publish', NOW)).toBeNull();
  });
});

describe('properties', () => {
  const statusArb = fc.constantFrom<SaleStoredStatus>('draft', 'scheduled', 'open', 'closed', 'cancelled');
  const saleArb = fc.record({
    status: statusArb,
    startsAt: fc.integer({ min: NOW - 100 * HOUR, max: NOW + 100 * HOUR }),
    activeLotCount: fc.integer({ min: 0, max: 5 }),
    lotsStarted: fc.boolean(),
  });

  it('a draft whose lots never ran can always be rescheduled and deleted, whatever its dates', () => {
    fc.assert(
      fc.property(saleArb, fc.integer({ min: NOW - 200 * HOUR, max: NOW + 200 * HOUR }), (sale, now) => {
        fc.pre(sale.status === 'draft' && !sale.lotsStarted);
        const moves = saleMoves(sale, now);
        expect(moves.reschedule.allowed && moves.delete.allowed && moves.addLot.allowed).toBe(true);
      }),
    );
  });

  it('a sale that has started never changes schedule, lots or visibility, and is never deleted', () => {
    fc.assert(
      fc.property(saleArb, (sale) => {
        fc.pre(sale.lotsStarted || sale.status === 'open' || sale.status === 'closed');
        const allowed = allowedSaleMoves(sale, NOW);
        expect(allowed).toEqual(['editText']);
      }),
    );
  });

  it('the moves agree with saleMoveRefusal', () => {
    fc.assert(
      fc.property(saleArb, fc.constantFrom(...SALE_MOVES), (sale, move) => {
        const answer = saleMoves(sale, NOW)[move];
        expect(saleMoveRefusal(sale, move, NOW)).toBe(answer.allowed ? null : answer.reason);
      }),
    );
  });
});
