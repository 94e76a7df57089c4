import { createEvents, type EventAttributes } from 'ics';
import type { LotEventRow } from './repository.ts';

/** Each event covers the last 15 minutes before the lot closes, so a calendar's reminder comes in time to bid. */
const EVENT_MINUTES = 15;

/**
 * An iCalendar file of lots. Each event's UID is the lot's id, so when soft close moves a lot's end the
 * subscribed calendar moves the same event instead of adding one; SEQUENCE grows with the end time for the
 * clients that look at it.
 */
export function lotsCalendar(lots: readonly LotEventRow[], publicUrl: string, calendarName: string): string {
  const events: EventAttributes[] = lots.map((lot) => {
    const url = new URL(`/rugs-details-live/${lot.rugId}`, publicUrl).toString();
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
    return [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'CALSCALE:GREGORIAN',
      'PRODID:knotwork/calendar',
      'METHOD:PUBLISH',
      `X-WR-CALNAME:${calendarName}`,
      'END:VCALENDAR',
      '',
    ].join('\r\n');
  }
  const { error, value } = createEvents(events);
  if (error || !value) throw error ?? new Error('calendar not generated');
  return value;
}

/** A sale as one calendar event: its lots close between these times (soft close included, as stored now). */
export interface SaleEventRow {
  auctionId: string;
  slug: string;
  title: string;
  lots: number;
  firstEndMs: number;
  lastEndMs: number;
}

/**
 * "Add to calendar" on a sale page: one event from 15 minutes before its first open lot closes to its last lot's
 * close (one event per lot would fill a day with forty entries; the personal feed has per-lot events for the
 * lots a collector follows).
 */
export function saleCalendar(sale: SaleEventRow, publicUrl: string): string {
  const url = new URL(`/upcoming-auctions/${sale.slug}`, publicUrl).toString();
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
  return value;
}
