import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { apiCall, createVerifiedUser } from '../helpers/accounts.ts';
import { useE2E } from '../helpers/harness.ts';
import { visible } from '../helpers/ui.ts';
import { quickLot, session } from '../auction/lots.ts';

/** Calendar reminders (issue 14): the lot page's .ics and the profile's personal feed, parsed as a calendar app would. */
const e2e = useE2E();

const uids = (text: string) =>
  new ICAL.Component(ICAL.parse(text))
    .getAllSubcomponents('vevent')
    .map((v) => String(v.getFirstPropertyValue('uid')));

describe('calendar in the browser', () => {
  it('Add to calendar on the lot, and the profile feed with a link that can be replaced', async () => {
    const user = await createVerifiedUser(e2e.baseUrl);
    const lot = await quickLot(e2e.baseUrl, 600, 7200);
    expect(
      (await apiCall(e2e.baseUrl, `/rug/auction/${lot.rug.id}`, { method: 'POST', token: user.token }))
        .status,
    ).toBe(200);
    const { page } = await e2e.newPage({ session: session(user) });

    await page.goto(`/rug-listing/${lot.rug.id}`);
    const add = await visible(page.getByRole('link', { name: 'Add to calendar' }));
    const href = await add.getAttribute('href');
    expect(href).toBe(`/api/v1/lot/${lot.lotId}/calendar.ics`);
    const file = await fetch(`${e2e.baseUrl}${href}`);
    expect(uids(await file.text())).toEqual([`lot-${lot.lotId}@knotwork`]);

    await page.goto('/profile');
    const section = await visible(page.getByTestId('calendar-feed'));
    const field = section.getByLabel('Your private calendar link');
    await expect.poll(() => field.inputValue()).toMatch(/\/api\/v1\/calendar\/[\w-]+\.ics$/);
    const url = await field.inputValue();
    expect(uids(await (await fetch(url)).text())).toContain(`lot-${lot.lotId}@knotwork`);
    expect(await section.getByRole('link', { name: 'Subscribe in my calendar' }).getAttribute('href')).toBe(
      url.replace(/^http:/, 'webcal:'),
    );

    await section.getByRole('button', { name: 'Create a new link' }).click();
    await section.getByRole('button', { name: 'Replace the link: the old one stops working' }).click();
    await expect.poll(() => field.inputValue()).not.toBe(url);
    expect((await fetch(url)).status).toBe(404);
    expect((await fetch(await field.inputValue())).status).toBe(200);
  });
});
