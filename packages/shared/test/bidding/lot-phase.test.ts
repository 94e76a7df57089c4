import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isAcceptingBids, initialLotState } from '@knotwork/shared/bidding/lot-state';
import {
  buyNowOpen,
  effectiveLotStatus,
  lotIsLive,
  lotPhase,
  type LotPhase,
} from '@knotwork/shared/bidding/lot-phase';
import type { LotOutcome, LotStatus } from '@knotwork/shared/bidding/types';
import { T0, rulesWith } from './helpers.ts';

/** How far along a lot is; the stored results (sold, unsold, withdrawn) do not depend on time. */
const RANK: Record<LotPhase, number> = { upcoming: 0, open: 1, closing: 2, sold: 3, unsold: 3, withdrawn: 3 };

const lotArb = fc
  .record({
    status: fc.constantFrom<LotStatus>('scheduled', 'open', 'closed', 'withdrawn'),
    outcome: fc.constantFrom<LotOutcome | null>('sold', 'unsold', null),
    startsAt: fc.integer({ min: T0, max: T0 + 10_000 }),
    length: fc.integer({ min: 1, max: 10_000 }),
  })
  .map(({ length, ...lot }) => ({ ...lot, endsAt: lot.startsAt + length }));

describe('lotPhase', () => {
  it('reads the stored state first, then the times', () => {
    const lot = { status: 'open' as const, outcome: null, startsAt: 100, endsAt: 200 };
    expect(lotPhase({ ...lot, status: 'scheduled' }, 50)).toBe('upcoming');
    expect(lotPhase({ ...lot, status: 'scheduled' }, 100)).toBe('open');
    expect(lotPhase(lot, 199)).toBe('open');
    expect(lotPhase(lot, 200)).toBe('closing');
    expect(lotPhase({ ...lot, status: 'closed' }, 150)).toBe('closing');
    expect(lotPhase({ ...lot, status: 'closed', outcome: 'sold' }, 150)).toBe('sold');
    expect(lotPhase({ ...lot, status: 'closed', outcome: 'unsold' }, 50)).toBe('unsold');
    expect(lotPhase({ ...lot, status: 'withdrawn' }, 150)).toBe('withdrawn');
  });

  it('takes ISO times as the API carries them', () => {
    fc.assert(
      fc.property(lotArb, fc.integer({ min: T0 - 1000, max: T0 + 30_000 }), (lot, at) => {
        const iso = {
          ...lot,
          startsAt: new Date(lot.startsAt).toISOString(),
          endsAt: new Date(lot.endsAt).toISOString(),
        };
        expect(lotPhase(iso, at)).toBe(lotPhase(lot, at));
      }),
    );
  });

  it('lotIsLive (the rule lot-sql.ts restates) is a stored scheduled or open lot: it reads upcoming, open or closing', () => {
    fc.assert(
      fc.property(lotArb, fc.integer({ min: T0 - 1000, max: T0 + 30_000 }), (lot, at) => {
        const phase = lotPhase(lot, at);
        expect(lotIsLive(lot)).toBe(lot.status === 'scheduled' || lot.status === 'open');
        if (lotIsLive(lot)) expect(['upcoming', 'open', 'closing']).toContain(phase);
        else expect(['sold', 'unsold', 'withdrawn', 'closing']).toContain(phase);
      }),
    );
  });

  it('never moves backwards in time', () => {
    fc.assert(
      fc.property(
        lotArb,
        fc.integer({ min: T0 - 1000, max: T0 + 30_000 }),
        fc.nat(30_000),
        (lot, at, later) => {
          expect(RANK[lotPhase(lot, at + later)]).toBeGreaterThanOrEqual(RANK[lotPhase(lot, at)]);
        },
      ),
    );
  });

  it('an open lot is in its open phase exactly while the engine accepts bids', () => {
    fc.assert(
      fc.property(lotArb, fc.integer({ min: T0 - 1000, max: T0 + 30_000 }), (lot, at) => {
        const state = initialLotState(rulesWith(), {
          startsAt: lot.startsAt,
          endsAt: lot.endsAt,
          status: 'open',
        });
        expect(lotPhase({ ...state, outcome: null }, at) === 'open').toBe(isAcceptingBids(state, at));
      }),
    );
  });
});

describe('effectiveLotStatus', () => {
  it('is the status of the phase: closing reads closed', () => {
    expect(effectiveLotStatus({ status: 'scheduled', startsAt: 100, endsAt: 200 }, 50)).toBe('scheduled');
    expect(effectiveLotStatus({ status: 'scheduled', startsAt: 100, endsAt: 200 }, 100)).toBe('open');
    expect(effectiveLotStatus({ status: 'open', startsAt: 100, endsAt: 200 }, 199)).toBe('open');
    expect(effectiveLotStatus({ status: 'open', startsAt: 100, endsAt: 200 }, 200)).toBe('closed');
    expect(effectiveLotStatus({ status: 'scheduled', startsAt: 100, endsAt: 200 }, 250)).toBe('closed');
    expect(effectiveLotStatus({ status: 'withdrawn', startsAt: 100, endsAt: 200 }, 150)).toBe('withdrawn');
    expect(effectiveLotStatus({ status: 'closed', startsAt: 100, endsAt: 200 }, 150)).toBe('closed');
  });
});

describe('buyNowOpen', () => {
  it('offers buy now exactly while the lot is open and the server quotes a price', () => {
    fc.assert(
      fc.property(
        lotArb,
        fc.integer({ min: T0 - 1000, max: T0 + 30_000 }),
        fc.option(fc.integer({ min: 1, max: 1_000_000 })),
        (lot, at, buyNowPrice) => {
          expect(buyNowOpen({ ...lot, buyNowPrice }, at)).toBe(
            lotPhase(lot, at) === 'open' && buyNowPrice !== null,
          );
        },
      ),
    );
    const lot = { status: 'open' as const, outcome: null, startsAt: 100, endsAt: 200 };
    expect(buyNowOpen({ ...lot, buyNowPrice: 1000 }, 150)).toBe(true);
    expect(buyNowOpen({ ...lot, buyNowPrice: null }, 150)).toBe(false);
    expect(buyNowOpen({ ...lot, buyNowPrice: 1000 }, 200)).toBe(false);
  });
});
