import { describe, expect, it } from 'vitest';
import type { Lot } from '@knotwork/shared/schemas/catalogue';
import { safeRedirect } from '@/features/auth/lib/safe-redirect.ts';
import {
  compactFilter,
  EMPTY_FILTER,
  filterHref,
  parseFilterParam,
} from '@/features/catalogue/lib/filter-url.ts';
import { parseOrderIds } from '@/features/checkout/lib/order-ids.ts';
import { nextToClose } from '@/features/live-room/lib/room-order.ts';
import { filterFaq, foldText, searchTerms, splitMatches } from '@/features/pages/lib/faq-search.ts';
import { auctionPhase } from '@/features/sales/lib/auction-phase.ts';

const at = (iso: string) => Date.parse(iso);

describe('live room order', () => {
  type RoomLot = Pick<Lot, 'id' | 'status' | 'outcome' | 'startsAt' | 'endsAt'>;
  const lot = (id: string, startsAt: string, endsAt: string, status: Lot['status'] = 'open'): RoomLot => ({
    id,
    status,
    outcome: null,
    startsAt,
    endsAt,
  });

  it('picks the open lot that closes first, by the shared phase rule', () => {
    const lots = [
      lot('later', '2026-01-01T00:00:00Z', '2026-01-01T02:00:00Z'),
      lot('first', '2026-01-01T00:00:00Z', '2026-01-01T01:00:00Z'),
      // Stored as scheduled but started: open by its times.
      lot('started', '2026-01-01T00:00:00Z', '2026-01-01T01:30:00Z', 'scheduled'),
      lot('ended', '2026-01-01T00:00:00Z', '2026-01-01T00:10:00Z'),
      lot('upcoming', '2026-01-01T00:40:00Z', '2026-01-01T00:45:00Z'),
    ];
    expect(nextToClose(lots, at('2026-01-01T00:30:00Z'))?.id).toBe('first');
    expect(nextToClose(lots, at('2026-01-01T01:10:00Z'))?.id).toBe('started');
    expect(nextToClose(lots, at('2026-01-01T03:00:00Z'))).toBeNull();
  });
});

describe('sale phase', () => {
  const sale = {
    status: 'open' as const,
    startsAt: '2026-01-01T00:00:00Z',
    lastLotEndsAt: '2026-01-02T00:00:00Z',
  };
  it('is upcoming, open until its last lot ends, then ended; cancelled and closed win', () => {
    expect(auctionPhase(sale, at('2025-12-31T00:00:00Z'))).toBe('upcoming');
    expect(auctionPhase(sale, at('2026-01-01T12:00:00Z'))).toBe('open');
    expect(auctionPhase(sale, at('2026-01-02T00:00:00Z'))).toBe('ended');
    expect(auctionPhase({ ...sale, status: 'cancelled' }, at('2026-01-01T12:00:00Z'))).toBe('cancelled');
    expect(auctionPhase({ ...sale, status: 'closed' }, at('2026-01-01T12:00:00Z'))).toBe('ended');
  });
});

describe('catalogue filter links', () => {
  it('reads a filter back from the link it wrote', () => {
    const href = filterHref({ q: 'kilim', origins: ['Iran'], page: 2 });
    const data = new URL(href, 'https://x.test').searchParams.get('data');
    const { filter, invalid } = parseFilterParam(data);
    expect(invalid).toBe(false);
    expect(compactFilter(filter)).toEqual(
      compactFilter({ ...EMPTY_FILTER, q: 'kilim', origins: ['Iran'], page: 2 }),
    );
  });

  it('never throws on a bad link: the unfiltered list, marked invalid', () => {
    for (const raw of ['{', '[]', '"x"', '{"page":-3}'])
      expect(parseFilterParam(raw)).toEqual({ filter: EMPTY_FILTER, invalid: true });
    expect(parseFilterParam(null)).toEqual({ filter: EMPTY_FILTER, invalid: false });
  });

  it('drops defaults and empty values', () => {
    expect(compactFilter({ ...EMPTY_FILTER, q: '', origins: [] })).toEqual({});
  });
});

describe('small readers', () => {
  it('redirects only to same-site paths', () => {
    expect(safeRedirect('/lot?x=1')).toBe('/lot?x=1');
    expect(safeRedirect('//evil.example')).toBe('/');
    expect(safeRedirect('/\\evil.example')).toBe('/');
    expect(safeRedirect('https://evil.example', '/home')).toBe('/home');
    expect(safeRedirect(null)).toBe('/');
  });

  it('keeps distinct order ids only', () => {
    const id = '0b7e4a52-1d1f-4a8e-9a3c-6f1f1b2c3d4e';
    expect(parseOrderIds(`${id},${id.toUpperCase()}, nope ,`)).toEqual([id]);
    expect(parseOrderIds(null)).toEqual([]);
  });

  it('finds FAQ terms without accents or case and marks them', () => {
    expect(foldText('Éléphant')).toBe(foldText('elephant'));
    const terms = searchTerms('  Tapis  laine ');
    expect(terms.length).toBe(2);
    const parts = splitMatches('Un tapis de laine', terms);
    expect(parts.map((p) => p.text).join('')).toBe('Un tapis de laine');
    expect(parts.some((p) => p.match)).toBe(true);
    expect(filterFaq([], 'x')).toEqual([]);
  });
});
