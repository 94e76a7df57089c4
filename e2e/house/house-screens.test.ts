import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { apiCall, loginThroughApi } from '../helpers/accounts.ts';
import { useE2E } from '../helpers/harness.ts';
import { mailIds, waitForMail } from '../helpers/mailbox.ts';
import { dialog, field, toast, visible } from '../helpers/ui.ts';
import { seriousAxeViolations } from '../content/axe.ts';

const e2e = useE2E();
const staff = (role: 'specialist' | 'accounts' | 'staff') =>
  loginThroughApi(e2e.baseUrl, `${role}@knotwork.local`, 'Staff@12345');

/**
 * Issue 11, the house's own screens (decision 060): a specialist builds a collection that visitors see once published,
 * accounts answer a contact-form message by e-mail, and the audit log shows each person's actions.
 */
describe('back office: collections, contact form, audit log', () => {
  const title = `Garden carpets ${crypto.randomBytes(3).toString('hex')}`;

  it('a specialist creates a collection, moves it first, adds two rugs, publishes it; a visitor sees it in /collections and the footer', async () => {
    const specialist = await staff('specialist');
    const { body: found } = await apiCall<{ data: { id: string; title: string }[] }>(
      e2e.baseUrl,
      '/admin/rugs?status=available&pageSize=2&sort=title&order=asc',
      { token: specialist.token },
    );
    const rugs = found.data.map((r) => r.title);
    expect(rugs).toHaveLength(2);

    const { page } = await e2e.newPage({ session: specialist });
    await page.goto('/admin');
    await page
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Collections' })
      .click();
    await visible(page.getByRole('heading', { name: 'Collections' }));
    await visible(page.getByRole('gridcell').first(), 40_000);
    await page.getByRole('button', { name: 'New collection' }).click();
    const editor = await visible(dialog(page, 'New collection'));
    await editor.getByRole('button', { name: 'Create the collection' }).click();
    await visible(editor.getByText('Give the collection a title'));
    await field(editor, 'Title').fill(title);
    await field(editor, 'Description').fill('Formal gardens woven in wool.');
    await editor.getByRole('button', { name: 'Create the collection' }).click();
    await visible(toast(page, 'Collection created'));
    await visible(page.getByRole('gridcell', { name: title }));

    // Up, one place at a time, until it is first (the footer shows the first six).
    const { body: listed } = await apiCall<{ data: { title: string }[] }>(e2e.baseUrl, '/admin/collections', {
      token: specialist.token,
    });
    const places = listed.data.findIndex((c) => c.title === title);
    expect(places).toBeGreaterThan(0);
    const up = page.getByRole('button', { name: `Move ${title} up` });
    for (let i = 0; i < places; i++) {
      await Promise.all([
        page.waitForResponse(
          (r) => r.url().endsWith('/api/v1/admin/collections') && r.request().method() === 'GET',
        ),
        up.click(),
      ]);
    }
    await expect.poll(() => up.isDisabled(), { timeout: 10_000 }).toBe(true);

    await page.getByRole('row').filter({ hasText: title }).getByRole('button', { name: 'Rugs' }).click();
    const picker = await visible(dialog(page, `Rugs in ${title}`));
    await visible(picker.getByText('No rugs in this collection yet.'));
    for (const rug of rugs) {
      await field(picker, 'Find rugs to add').fill(rug);
      await page
        .getByRole('option', { name: new RegExp(`^${rug.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) })
        .first()
        .click();
    }
    await picker.getByRole('button', { name: 'Add 2 rugs' }).click();
    await visible(toast(page, 'Rugs added to the collection'));
    for (const rug of rugs) await visible(picker.getByRole('gridcell', { name: rug }));
    expect(await seriousAxeViolations(page)).toEqual([]);
    await picker.getByRole('button', { name: 'Close' }).click();
    await visible(page.getByRole('gridcell', { name: '2 (2 public)' }));
    // A new collection is a draft (issue 24, decision 076): visitors see it once it is published.
    await page.getByRole('button', { name: `Publish ${title}` }).click();
    await visible(toast(page, 'Collection published'));
    await visible(page.getByRole('row').filter({ hasText: title }).getByText('Published'));
    expect(await seriousAxeViolations(page)).toEqual([]);

    const visitor = await e2e.newPage();
    await visitor.page.goto('/collections');
    await visible(visitor.page.getByRole('main').getByText(title).first());
    const footer = visitor.page.getByRole('contentinfo');
    await visible(footer.getByRole('link', { name: title, exact: true }));
  });

  it('accounts staff reply to a contact-form message and the reply reaches the sender’s mailbox', async () => {
    const email = `writer.${crypto.randomBytes(4).toString('hex')}@example.com`;
    const name = `Noor ${crypto.randomBytes(2).toString('hex')}`;
    const sent = await apiCall(e2e.baseUrl, '/auth/contactus', {
      body: { name, email, mobile_number: '+441234567890', message: 'Do you ship to Lisbon?' },
    });
    expect(sent.status).toBe(200);
    const seen = await mailIds(e2e.baseUrl, email);

    const { page } = await e2e.newPage({ session: await staff('accounts') });
    await page.goto('/admin');
    await page
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Contact form' })
      .click();
    await visible(page.getByRole('heading', { name: 'Contact form' }));
    await page.getByRole('gridcell', { name }).click();
    const open = await visible(dialog(page, `Message from ${name}`));
    await visible(open.getByText('Do you ship to Lisbon?'));
    expect(await seriousAxeViolations(page)).toEqual([]);
    await field(open, 'Your reply').fill('Yes, by insured courier, in about a week.');
    await open.getByRole('button', { name: 'Send the reply by e-mail' }).click();
    await visible(toast(page, 'Reply sent by e-mail'));
    await visible(open.getByText('Answered'));

    const mail = await waitForMail(e2e.baseUrl, email, seen);
    expect(mail.text).toContain('Yes, by insured courier, in about a week.');
    expect(mail.text).toContain('Do you ship to Lisbon?');

    // The chat inbox stays where it was. (Not opened here: an open inbox marks its staff member online for the
    // shared server, and the chat's own test needs nobody online to see the widget's away notice.)
    await open.getByRole('button', { name: 'Close' }).click();
    expect(
      await page
        .getByRole('navigation', { name: 'Back office' })
        .getByRole('link', { name: 'Messages' })
        .getAttribute('href'),
    ).toBe('/admin/chat');
  });

  it('the audit log, filtered by person, shows what each of them did', async () => {
    const admin = await staff('staff');
    const { body: people } = await apiCall<{ data: { name: string; email: string }[] }>(
      e2e.baseUrl,
      '/admin/staff',
      {
        token: admin.token,
      },
    );
    const nameOf = (email: string) => people.data.find((p) => p.email === email)!.name;

    const { page } = await e2e.newPage({ session: admin });
    await page.goto('/admin/audit');
    await visible(page.getByRole('heading', { name: 'Audit log' }));
    await field(page, 'Person').click();
    await page.getByRole('option', { name: nameOf('specialist@knotwork.local'), exact: true }).click();
    // The grid keeps the previous page until the filtered one arrives: wait for the other person's rows to go.
    const cells = (name: string) => page.getByRole('gridcell', { name }).count();
    await expect.poll(() => cells('Message answered'), { timeout: 20_000 }).toBe(0);
    await visible(page.getByRole('gridcell', { name: 'Collection created' }).first(), 20_000);
    await visible(page.getByRole('gridcell', { name: 'Collections reordered' }).first());
    await visible(page.getByRole('gridcell', { name: 'Rugs added to a collection' }).first());
    expect(await seriousAxeViolations(page)).toEqual([]);

    await field(page, 'Person').click();
    await page.getByRole('option', { name: nameOf('accounts@knotwork.local'), exact: true }).click();
    await expect.poll(() => cells('Collection created'), { timeout: 20_000 }).toBe(0);
    await visible(page.getByRole('gridcell', { name: 'Message answered' }).first(), 20_000);
  });

  it('at 390 px the new pages fit the width (the grids scroll inside themselves)', async () => {
    const { page } = await e2e.newPage({ session: await staff('staff') });
    await page.setViewportSize({ width: 390, height: 844 });
    for (const [path, heading] of [
      ['/admin/collections', 'Collections'],
      ['/admin/contact', 'Contact form'],
      ['/admin/audit', 'Audit log'],
    ] as const) {
      await page.goto(path);
      await visible(page.getByRole('heading', { name: heading }));
      await visible(page.getByRole('grid'));
      const { scrollWidth, width } = await page.evaluate(() => ({
        scrollWidth: document.scrollingElement!.scrollWidth,
        width: window.innerWidth,
      }));
      expect(scrollWidth, path).toBeLessThanOrEqual(width);
      if (process.env.HOUSE_SCREENSHOTS)
        await page.screenshot({
          path: `${process.env.HOUSE_SCREENSHOTS}/${heading.replace(/\s/g, '-')}-390.png`,
        });
    }
  });
});
