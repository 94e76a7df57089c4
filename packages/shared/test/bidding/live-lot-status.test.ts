import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { effectiveLotStatus, inLiveRoom, publicLotStatus } from '@knotwork/shared/bidding/lot-phase';
import type { LotStatus } from '@knotwork/shared/bidding/types';

/** Issue 24 section 4: a live sale's lot is sold on the hammer, so the clock alone never closes it for readers. */
describe('publicLotStatus', () => {
  const lot = { startsAt: 100, endsAt: 200 };
  it.each<[LotStatus, number, 'timed' | 'live', LotStatus]>([
    ['scheduled', 50, 'live', 'scheduled'],
    ['open', 150, 'live', 'open'],
    // On the block: the console set its timed end to "now".
    ['open', 250, 'live', 'open'],
    // Still to come in the room after its absentee window.
    ['scheduled', 250, 'live', 'open'],
    ['closed', 250, 'live', 'closed'],
    ['withdrawn', 250, 'live', 'withdrawn'],
    ['open', 250, 'timed', 'closed'],
    ['scheduled', 250, 'timed', 'closed'],
  ])('%s at %d in a %s sale reads %s', (status, at, auctionType, expected) => {
    expect(publicLotStatus({ ...lot, status, auctionType }, at)).toBe(expected);
  });

  it('equals the timed status for every timed lot, and differs for a live lot only past its end', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<LotStatus>('scheduled', 'open', 'closed', 'withdrawn'),
        fc.integer({ min: 0, max: 400 }),
        fc.constantFrom<'timed' | 'live'>('timed', 'live'),
        (status, at, auctionType) => {
          const timed = effectiveLotStatus({ ...lot, status }, at);
          const shown = publicLotStatus({ ...lot, status, auctionType }, at);
          if (auctionType === 'timed' || at < lot.endsAt || status === 'closed' || status === 'withdrawn') {
            expect(shown).toBe(timed);
          } else {
            expect(shown).toBe('open');
            expect(inLiveRoom({ ...lot, status, outcome: null, auctionType }, at)).toBe(true);
          }
        },
      ),
    );
  });
});
