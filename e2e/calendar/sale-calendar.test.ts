import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { apiCall } from '../helpers/accounts.ts';
import { useE2E } from '../helpers/harness.ts';
import { visible } from '../helpers/ui.ts';

/** Add to calendar on a sale page (issue 14.2): the sale's closing span as one event, parsed as a calendar app would. */
const e2e = useE2E();

describe('sale calendar in the browser', () => {
  it('an upcoming sale offers its .ics; a finished sale does not', async () => {
    const upcoming = await apiCall<{ data: { id: string; slug: string; title: string }[] }>(
      e2e.baseUrl,
      '/rug/upcoming/list?when=upcoming&pageSize=1',
    );
    const sale = upcoming.body.data[0]!;
    const { page } = await e2e.newPage();
    await page.goto(`/upcoming-auctions/${sale.slug}`);
    const link = await visible(page.getByRole('link', { name: 'Add the sale to my calendar' }));
    const href = await link.getAttribute('href');
    expect(href).toBe(`/api/v1/auction/${sale.id}/calendar.ics`);
    const text = await (await fetch(`${e2e.baseUrl}${href}`)).text();
    const [event] = new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent');
    expect(String(event!.getFirstPropertyValue('uid'))).toBe(`sale-${sale.id}@knotwork`);
    expect(String(event!.getFirstPropertyValue('summary'))).toBe(`${sale.title}: lots close`);

    const past = await apiCall<{ data: { slug: string; type: string }[] }>(
      e2e.baseUrl,
      '/rug/upcoming/list?when=past&pageSize=20',
    );
    // A timed sale: its phase follows its lots' end times (a live sale that other files ran closes on the hammer).
    const timed = past.body.data.find((sale) => sale.type === 'timed') ?? past.body.data[0]!;
    await page.goto(`/upcoming-auctions/${timed.slug}`);
    await visible(page.getByRole('heading', { level: 1 }));
    // The page tells the phase from its clock and the sale's times once they arrive (a sale another file just ran may
    // still be marked open until the status job closes it): the link must be gone once the page has settled.
    await expect
      .poll(() => page.getByRole('link', { name: 'Add the sale to my calendar' }).count(), {
        timeout: 15_000,
      })
      .toBe(0);
  });
});
