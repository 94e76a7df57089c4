import { describe, expect, it } from 'vitest';
import { apiCall, createVerifiedUser, loginThroughApi } from '../helpers/accounts.ts';
import { useE2E } from '../helpers/harness.ts';
import { httpStatusNoise } from '../helpers/browser.ts';
import { field, toast, visible } from '../helpers/ui.ts';
import { bidThroughPanel, quickLot, session, STAFF, waitOpen } from './lots.ts';

const e2e = useE2E();

describe('bidding limit (issue 28 §2, decision 090)', () => {
  it('staff set a limit on the bidder page; the bidder sees it in My Items and a bid past it is refused with why', async () => {
    const bidder = await createVerifiedUser(e2e.baseUrl);
    const staff = await loginThroughApi(e2e.baseUrl, STAFF.email, STAFF.password);
    const [first, second] = await Promise.all([quickLot(e2e.baseUrl, 2, 600), quickLot(e2e.baseUrl, 2, 600)]);
    await Promise.all([waitOpen(e2e.baseUrl, first.rug.id), waitOpen(e2e.baseUrl, second.rug.id)]);

    // Staff: the bidder's page says there is no limit; set $500 with a reason.
    const desk = await e2e.newPage({ session: session(staff) });
    await desk.page.goto(`/admin/bidders/${bidder.user.id}`);
    await visible(desk.page.getByText('No limit: this bidder may bid any amount.'));
    await field(desk.page, 'Limit').fill('500');
    await field(desk.page, 'Why (shown to staff only)').fill('New client, no deposit yet');
    await desk.page.getByRole('button', { name: 'Save the limit' }).click();
    await visible(toast(desk.page, 'Bidding limit saved'));
    await visible(desk.page.getByText('Left to bid'));

    // The bidder leads the first lot with a $300 maximum (through the API), then opens the second lot's page.
    const placed = await apiCall(e2e.baseUrl, `/rug/add-offer/${first.rug.id}`, {
      token: bidder.token,
      body: { amount: 30_000 },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    // The refused bid's 403 is the answer under test.
    const { page } = await e2e.newPage({ session: session(bidder), allow: [httpStatusNoise(403)] });
    await page.goto('/my-items');
    await visible(
      page
        .getByTestId('bidding-limit')
        .getByText('Your bidding limit is $500. Your leading bids and unpaid wins take $300', {
          exact: false,
        }),
    );

    // $300 on the second lot would make $600: refused, with the reason under the field; $200 is placed.
    await page.goto(`/rugs-details-live/${second.rug.slug}`);
    await visible(page.getByTestId('lot-panel'));
    await bidThroughPanel(page, 300);
    await visible(
      page
        .getByTestId('bid-form')
        .getByText(
          'This bid would take you past your bidding limit. Place a deposit or contact us to raise it.',
        ),
    );
    await bidThroughPanel(page, 200);
    await visible(
      page.getByTestId('lot-position').getByText('You are the highest bidder.', { exact: false }),
    );

    // Staff see it committed: $500 of $500.
    await desk.page.reload();
    await visible(desk.page.getByText('Committed now'));
    const limitSection = desk.page.getByRole('heading', { name: 'Bidding limit' }).locator('..');
    await visible(limitSection.getByText('$500').first());
  });
});
