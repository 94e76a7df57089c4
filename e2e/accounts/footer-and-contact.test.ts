import type { Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiMessages } from '@knotwork/shared/messages/api';
import { apiCall } from '../helpers/accounts.ts';
import { useE2E } from '../helpers/harness.ts';
import { field, toast, visible } from '../helpers/ui.ts';

const e2e = useE2E();

describe('footer categories', () => {
  it('lists the first 6 collection titles and links each to /rug-listings?data=<its title as the filter>', async () => {
    const { body } = await apiCall<{ data: { title: string }[] }>(e2e.baseUrl, '/auth/collection/list');
    const titles = body.data.map((c) => c.title);
    expect(titles.length).toBeGreaterThan(6);

    const { page } = await e2e.newPage();
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    for (const title of titles.slice(0, 6))
      await visible(footer.getByRole('link', { name: title, exact: true }));
    expect(await footer.getByRole('link', { name: titles[6]!, exact: true }).count()).toBe(0);

    const title = titles[2]!;
    await footer.getByRole('link', { name: title, exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/rug-listings');
    const data = new URL(page.url()).searchParams.get('data');
    expect(data).not.toBeNull();
    // The filter travels as URL-encoded JSON (SPEC.md 2); it carries the collection title.
    expect(Object.values(JSON.parse(data!) as Record<string, unknown>).flat()).toContain(title);
  });
});

describe('contact form', () => {
  it('counts down from 250, shows Submitting... while sending, then clears the form', async () => {
    const { page } = await e2e.newPage();
    await page.goto('/contact-us');
    const message = await visible(field(page, 'Message'));
    await visible(page.getByText(/\b250\b/));

    await field(page, 'Name').fill('Ada Weaver');
    await field(page, 'Email').fill('ada.weaver@example.com');
    await field(page, 'Phone').fill('+441234567890');
    await message.fill('A question about the Heriz.');
    const left = 250 - 'A question about the Heriz.'.length;
    await visible(page.getByText(new RegExp(`\\b${left}\\b`)));

    // Hold the request until the pending state has been seen, so the check does not race the server.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let posted: unknown;
    await page.route('**/api/v1/auth/contactus', async (route: Route) => {
      posted = route.request().postDataJSON();
      await held;
      await route.continue();
    });

    const submit = page.getByRole('button', { name: /^submit/i });
    await submit.click();
    const pending = await visible(page.getByRole('button', { name: 'Submitting...' }));
    expect(await pending.isDisabled()).toBe(true);
    release();

    await visible(toast(page, apiMessages.contactReceived));
    await visible(page.getByRole('button', { name: /^submit$/i }));
    expect(posted).toEqual({
      name: 'Ada Weaver',
      email: 'ada.weaver@example.com',
      mobile_number: '+441234567890',
      message: 'A question about the Heriz.',
    });
    for (const label of ['Name', 'Email', 'Phone', 'Message'])
      expect(await field(page, label).inputValue()).toBe('');
    await visible(page.getByText(/\b250\b/));
  });
});
