import { createEvents, type EventAttributes } from 'ics';
import type { LotEventRow, SaleEventRow } from './event-rows.ts';
import { webPaths } from '@knotwork/shared/constants/web-paths';

/** RFC 5545 3.1: a content line is at most 75 octets, CRLF excluded. */
const LINE_OCTETS = 75;

/**
 * Folds every content line at 75 octets of UTF-8 (RFC 5545 3.1), never inside a character: the `ics` package
 * folds at 75 characters, so an Arabic or accented title made lines of up to 150 octets, which strict clients
 * refuse or cut mid-character. Unfolds what came in first (CRLF then a space or tab), then folds again with
 * CRLF and one space (a continuation's space counts towards its 75).
 */
export function foldContentLines(text: string): string {
  const lines = text.replace(/\r\n[ \t]/g, '').split('\r\n');
  return lines
    .map((line) => {
      if (Buffer.byteLength(line, 'utf8') <= LINE_OCTETS) return line;
      const parts: string[] = [];
      let current = '';
      let size = 0;
      let limit = LINE_OCTETS;
      // for...of walks code points, so a surrogate pair (an emoji) stays whole too.
      for (const char of line) {
        const n = Buffer.byteLength(char, 'utf8');
        if (size + n > limit) {
          parts.push(current);
          current = '';
          size = 0;
          limit = LINE_OCTETS - 1;
        }
        current += char;
        size += n;
      }
      parts.push(current);
      return parts.join('\r\n ');
    })
    .join('\r\n');
}

/** Each event covers the last 15 minutes before the lot closes, so a calendar's reminder comes in time to bid. */
const EVENT_MINUTES = 15;

/**
 * An iCalendar file of lots. Each event's UID is the lot's id, so when soft close moves a lot's end the
 * subscribed calendar moves the same event instead of adding one; SEQUENCE grows with the end time for the
 * clients that look at it.
 */
export function lotsCalendar(lots: readonly LotEventRow[], publicUrl: string, calendarName: string): string {
  const events: EventAttributes[] = lots.map((lot) => {
    const url = new URL(webPaths.rugLive.href(lot.rugId), publicUrl).toString();
    return {
      uid: `lot-${lot.lotId}@knotwork`,
      sequence: Math.floor(lot.endsMs / 1000) % 2_000_000_000,
      start: lot.endsMs - EVENT_MINUTES * 60_000,
      startInputType: 'utc',
      startOutputType: 'utc',
      end: lot.endsMs,
      endInputType: 'utc',
      endOutputType: 'utc',
      title: `Lot ${lot.lotNumber} closes: ${lot.rugTitle}`,
      description: `${lot.auctionTitle}\nLot ${lot.lotNumber}: ${lot.rugTitle}\n${url}`,
      url,
      status: 'CONFIRMED',
      calName: calendarName,
      productId: 'knotwork/calendar',
    };
  });
  if (events.length === 0) {
    // ics refuses an empty list; an empty feed is a valid calendar with no events.
    return foldContentLines(
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'CALSCALE:GREGORIAN',
        'PRODID:knotwork/calendar',
        'METHOD:PUBLISH',
        `X-WR-CALNAME:${calendarName}`,
        'END:VCALENDAR',
        '',
      ].join('\r\n'),
    );
  }
  const { error, value } = createEvents(events);
  if (error || !value) throw error ?? new Error('calendar not generated');
  return foldContentLines(value);
}

/**
 * "Add to calendar" on a sale page: one event from 15 minutes before its first open lot closes to its last lot's
 * close (one event per lot would fill a day with forty entries; the personal feed has per-lot events for the
 * lots a collector follows).
 */
export function saleCalendar(sale: SaleEventRow, publicUrl: string): string {
  const url = new URL(webPaths.upcomingAuction.href(sale.slug), publicUrl).toString();
  const { error, value } = createEvents([
    {
      uid: `sale-${sale.auctionId}@knotwork`,
      sequence: Math.floor(sale.lastEndMs / 1000) % 2_000_000_000,
      start: sale.firstEndMs - EVENT_MINUTES * 60_000,
      startInputType: 'utc',
      startOutputType: 'utc',
      end: Math.max(sale.lastEndMs, sale.firstEndMs),
      endInputType: 'utc',
      endOutputType: 'utc',
      title: `${sale.title}: lots close`,
      description: `${sale.lots} lots close one after another from the first time shown.\n${url}`,
      url,
      status: 'CONFIRMED',
      calName: 'Knotwork',
      productId: 'knotwork/calendar',
    },
  ]);
  if (error || !value) throw error ?? new Error('calendar not generated');
  return foldContentLines(value);
}
