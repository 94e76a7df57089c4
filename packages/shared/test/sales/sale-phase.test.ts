import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  SALE_PHASES,
  effectiveSaleStatus,
  saleClosesLotsByClock,
  saleIsPublic,
  saleOpensLotsByClock,
  salePhase,
  saleStatusToStore,
  type SalePhase,
  type SalePhaseInput,
} from '@knotwork/shared/sales/sale-phase';
import { saleStage, type SaleStoredStatus } from '@knotwork/shared/sales/sale-moves';

const T0 = Date.parse('2026-11-28T10:00:00Z');

/** How far along a sale is; the stored ends (draft, closed, cancelled) do not depend on time. */
const RANK: Record<SalePhase, number> = {
  draft: 0,
  scheduled: 0,
  open: 1,
  closing: 2,
  closed: 3,
  cancelled: 3,
};

const statusArb = fc.constantFrom<SaleStoredStatus>('draft', 'scheduled', 'open', 'closed', 'cancelled');
const saleArb = fc
  .record({
    status: statusArb,
    type: fc.constantFrom<SalePhaseInput['type']>('timed', 'live'),
    startsAt: fc.integer({ min: T0, max: T0 + 10_000 }),
    length: fc.integer({ min: 0, max: 10_000 }),
  })
  .map(({ length, ...sale }): SalePhaseInput => ({ ...sale, lastLotEndsAt: sale.startsAt + length }));
const atArb = fc.integer({ min: T0 - 1000, max: T0 + 30_000 });

describe('salePhase', () => {
  const timed: SalePhaseInput = { status: 'scheduled', type: 'timed', startsAt: 100, lastLotEndsAt: 200 };
  const live: SalePhaseInput = { ...timed, type: 'live' };

  it('reads the stored draft, closed and cancelled first, then the times', () => {
    expect(salePhase(timed, 99)).toBe('scheduled');
    expect(salePhase(timed, 100)).toBe('open');
    expect(salePhase({ ...timed, status: 'open' }, 199)).toBe('open');
    expect(salePhase({ ...timed, status: 'open' }, 200)).toBe('closing');
    expect(salePhase({ ...timed, status: 'open' }, 50)).toBe('scheduled');
    for (const at of [50, 150, 250]) {
      expect(salePhase({ ...timed, status: 'draft' }, at)).toBe('draft');
      expect(salePhase({ ...timed, status: 'cancelled' }, at)).toBe('cancelled');
      expect(salePhase({ ...timed, status: 'closed' }, at)).toBe('closed');
      expect(salePhase({ ...live, status: 'closed' }, at)).toBe('closed');
    }
  });

  it('runs a live sale until the jobs store closed, whatever its lots say', () => {
    expect(salePhase(live, 99)).toBe('scheduled');
    expect(salePhase(live, 100)).toBe('open');
    expect(salePhase({ ...live, status: 'open' }, 10_000)).toBe('open');
  });

  it('takes ISO times as the API carries them', () => {
    fc.assert(
      fc.property(saleArb, atArb, (sale, at) => {
        const iso = {
          ...sale,
          startsAt: new Date(sale.startsAt).toISOString(),
          lastLotEndsAt: new Date(sale.lastLotEndsAt).toISOString(),
        };
        expect(salePhase(iso, at)).toBe(salePhase(sale, at));
      }),
    );
  });

  it('never moves backwards in time', () => {
    fc.assert(
      fc.property(saleArb, atArb, fc.nat(30_000), (sale, at, later) => {
        expect(RANK[salePhase(sale, at + later)]).toBeGreaterThanOrEqual(RANK[salePhase(sale, at)]);
      }),
    );
  });

  it('the status a reader sees is the phase, with closing read as closed, and is a fixed point', () => {
    fc.assert(
      fc.property(saleArb, atArb, fc.nat(30_000), (sale, at, later) => {
        const phase = salePhase(sale, at);
        const status = effectiveSaleStatus(sale, at);
        expect(status).toBe(phase === 'closing' ? 'closed' : phase);
        // The web re-reads the API's status with a later clock: it must never contradict the server.
        expect(effectiveSaleStatus({ ...sale, status }, at + later)).toBe(
          effectiveSaleStatus(sale, at + later),
        );
      }),
    );
  });

  it('knows every phase', () => {
    const seen = new Set<SalePhase>();
    fc.assert(
      fc.property(saleArb, atArb, (sale, at) => {
        seen.add(salePhase(sale, at));
      }),
      { numRuns: 2000 },
    );
    expect([...seen].sort()).toEqual([...SALE_PHASES].sort());
  });

  it('a published sale is running for staff (sale-moves) exactly when readers see it past scheduled', () => {
    fc.assert(
      fc.property(saleArb, atArb, (sale, at) => {
        fc.pre(sale.status === 'scheduled');
        const stage = saleStage({ ...sale, activeLotCount: 1, lotsStarted: false }, at);
        expect(stage === 'running').toBe(salePhase(sale, at) !== 'scheduled');
      }),
    );
  });
});

describe('what the jobs do with a sale', () => {
  it('open lots only of a published sale that is not over, close them only for a timed sale but a draft', () => {
    const statuses: SaleStoredStatus[] = ['draft', 'scheduled', 'open', 'closed', 'cancelled'];
    expect(statuses.filter((status) => saleOpensLotsByClock({ status }))).toEqual(['scheduled', 'open']);
    expect(statuses.filter((status) => saleClosesLotsByClock({ status, type: 'timed' }))).toEqual([
      'scheduled',
      'open',
      'closed',
      'cancelled',
    ]);
    expect(statuses.filter((status) => saleClosesLotsByClock({ status, type: 'live' }))).toEqual([]);
    expect(statuses.filter((status) => !saleIsPublic({ status }))).toEqual(['draft']);
  });

  it('stores open past the start, and closed past the end once no lot is live', () => {
    const sale = { status: 'scheduled' as const, startsAt: 100, endsAt: 200, hasLiveLots: true };
    expect(saleStatusToStore(sale, 99)).toBe('scheduled');
    expect(saleStatusToStore(sale, 100)).toBe('open');
    expect(saleStatusToStore(sale, 300)).toBe('open');
    expect(saleStatusToStore({ ...sale, hasLiveLots: false }, 199)).toBe('open');
    expect(saleStatusToStore({ ...sale, hasLiveLots: false }, 200)).toBe('closed');
    expect(saleStatusToStore({ ...sale, status: 'draft', hasLiveLots: false }, 300)).toBe('draft');
    expect(saleStatusToStore({ ...sale, status: 'cancelled', hasLiveLots: false }, 300)).toBe('cancelled');
  });

  it('what the jobs store never reads as an earlier phase than before', () => {
    fc.assert(
      fc.property(saleArb, atArb, fc.boolean(), (sale, at, hasLiveLots) => {
        const stored = saleStatusToStore({ ...sale, endsAt: sale.lastLotEndsAt, hasLiveLots }, at);
        // A sale the jobs close has no live lot left: it reads closed from then on, as it did (or closing) before.
        if (stored !== sale.status && stored === 'closed')
          expect(['closing', 'open']).toContain(salePhase(sale, at));
        expect(RANK[salePhase({ ...sale, status: stored }, at)]).toBeGreaterThanOrEqual(
          RANK[salePhase(sale, at)],
        );
      }),
    );
  });
});
