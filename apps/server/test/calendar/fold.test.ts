import { describe, expect, it } from 'vitest';
import { foldContentLines, lotsCalendar, saleCalendar } from '../../src/modules/calendar/ics.ts';

const octets = (s: string) => Buffer.byteLength(s, 'utf8');
/** RFC 5545 3.1: a line is at most 75 octets, CRLF excluded; a continuation starts with one space or tab. */
function expectFoldedByOctets(text: string) {
  for (const line of text.split('\r\n')) expect(octets(line)).toBeLessThanOrEqual(75);
  // Never a broken character: the folded text decodes back without a replacement character.
  expect(Buffer.from(text, 'utf8').toString('utf8')).not.toContain('\uFFFD');
}
const unfold = (text: string) => text.replace(/\r\n[ \t]/g, '');

describe('calendar lines are folded at 75 octets (RFC 5545 3.1), never inside a character', () => {
  const arabic = 'سجادة تبريزية عتيقة بميدالية مركزية وزخارف نباتية دقيقة على أرضية حمراء داكنة';
  const accents =
    'Tapis de Héréké à médaillon en laine et soie de l’époque Qâdjâr dans un très bel état général';

  it('folds an Arabic title by octets in a lot feed, and unfolds to the same text', () => {
    const ics = lotsCalendar(
      [
        {
          lotId: '4f7a3c9e-0000-4000-8000-000000000001',
          lotNumber: 7,
          rugId: '4f7a3c9e-0000-4000-8000-000000000002',
          rugTitle: arabic,
          auctionTitle: accents,
          endsMs: Date.UTC(2026, 11, 1, 18, 0),
          status: 'open',
        },
      ],
      'https://rugs.example',
      'Knotwork',
    );
    expectFoldedByOctets(ics);
    const flat = unfold(ics);
    expect(flat).toContain(`SUMMARY:Lot 7 closes: ${arabic}`);
    expect(flat).toContain(accents);
  });

  it('folds a sale with accents by octets', () => {
    const ics = saleCalendar(
      {
        auctionId: 'a1',
        slug: 'heriz',
        title: accents,
        lots: 3,
        firstEndMs: Date.UTC(2026, 11, 1),
        lastEndMs: Date.UTC(2026, 11, 2),
      },
      'https://rugs.example',
    );
    expectFoldedByOctets(ics);
    expect(unfold(ics)).toContain(`SUMMARY:${accents}: lots close`);
  });

  it('keeps a four-octet character whole at the fold', () => {
    const line = `SUMMARY:${'a'.repeat(66)}🧶🧶🧶`;
    const folded = foldContentLines(`${line}\r\n`);
    expectFoldedByOctets(folded);
    expect(folded.split('\r\n')[0]).toBe(`SUMMARY:${'a'.repeat(66)}`);
    expect(unfold(folded)).toBe(`${line}\r\n`);
  });
});
