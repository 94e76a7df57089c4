/**
 * Generated bidder labels ("Bidder 3", "Paddle 12") are English on the wire; clients word them in their language
 * from the number (issue 24). `labelNumber` reads it back from any label the server generates, and nothing else.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bidderPseudonym, labelNumber } from '../../src/bidding/pseudonyms.ts';

describe('labelNumber', () => {
  it('reads back the number of every generated pseudonym and paddle', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), (n) => {
        expect(labelNumber(bidderPseudonym(n))).toEqual({ kind: 'bidder', number: n });
        expect(labelNumber(`Paddle ${n}`)).toEqual({ kind: 'paddle', number: n });
      }),
    );
  });

  it('leaves any other text alone', () => {
    for (const text of ['You', 'Absentee', 'Bidder', 'Bidder x', 'My Bidder 3', 'Paddle 12 (room)', ''])
      expect(labelNumber(text)).toBeNull();
  });
});
