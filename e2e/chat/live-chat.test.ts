import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loginThroughApi } from '../helpers/accounts.ts';
import { useE2E } from '../helpers/harness.ts';
import { mailIds, waitForMail } from '../helpers/mailbox.ts';
import { visible } from '../helpers/ui.ts';

const STAFF = { email: 'staff@knotwork.local', password: 'Staff@12345' } as const;

/**
 * Issue 12.2: a visitor asks in the chat widget, staff answer from the inbox at /admin/chat; with the visitor's
 * widget open the answer appears live, with it closed the answer arrives by e-mail (the run's SMTP sink) with a
 * link that opens the conversation again. The no-staff-online case runs first, before any inbox has been open.
 */
describe('live chat', () => {
  const e2e = useE2E();

  async function staffInbox() {
    const staff = await loginThroughApi(e2e.baseUrl, STAFF.email, STAFF.password);
    const { page } = await e2e.newPage({ session: staff });
    await page.goto(`${e2e.baseUrl}/admin/chat`);
    await visible(page.getByTestId('chat-inbox'));
    return page;
  }

  async function visitorAsks(email: string, question: string) {
    const { page } = await e2e.newPage();
    await page.goto(`${e2e.baseUrl}/about-us`);
    await page.getByTestId('chat-widget-button').click();
    const panel = page.getByTestId('chat-widget-panel');
    await visible(panel.getByTestId('chat-availability'));
    const availability = await panel.getByTestId('chat-availability').getAttribute('data-online');
    await panel.getByTestId('chat-start-email').fill(email);
    await panel.getByTestId('chat-start-message').fill(question);
    await panel.getByTestId('chat-start-submit').click();
    await visible(panel.getByTestId('chat-message').filter({ hasText: question }));
    return { page, panel, availability };
  }

  it('with no staff online the widget says so, and a reply written later arrives by e-mail with a link back', async () => {
    const email = `chat.${crypto.randomBytes(4).toString('hex')}@example.com`;
    const question = `Is the Heriz ${crypto.randomBytes(3).toString('hex')} all wool?`;
    const visitor = await visitorAsks(email, question);
    expect(visitor.availability).toBe('false');
    await visible(visitor.panel.getByText(/No one is online right now/));
    // The visitor closes the widget and goes on browsing.
    await visitor.page.getByTestId('chat-widget-button').click();
    await expect.poll(() => visitor.panel.count()).toBe(0);
    const seen = await mailIds(e2e.baseUrl, email);

    const inbox = await staffInbox();
    await inbox.getByTestId('chat-inbox-row').filter({ hasText: email }).click();
    await visible(inbox.getByTestId('chat-inbox-thread').getByText(question));
    await inbox.getByTestId('chat-inbox-thread-input').fill('Yes: wool pile on a cotton foundation.');
    await inbox.getByTestId('chat-inbox-thread-send').click();
    await visible(inbox.getByTestId('chat-inbox-emailed'));

    const mail = await waitForMail(e2e.baseUrl, email, seen);
    expect(mail.text).toContain('Yes: wool pile on a cotton foundation.');
    const link = /https?:\/\/\S+\?chat=\S+/.exec(mail.text)?.[0];
    expect(link).toBeTruthy();
    // The link opens the conversation again, with the answer, in a new tab session.
    const { page } = await e2e.newPage();
    const target = new URL(link!);
    await page.goto(`${e2e.baseUrl}/${target.search}`);
    await visible(page.getByTestId('chat-widget-panel').getByText('Yes: wool pile on a cotton foundation.'));
  });

  it('a visitor asks, staff answer from the inbox, the visitor sees the answer live', async () => {
    const inbox = await staffInbox();
    const email = `live.${crypto.randomBytes(4).toString('hex')}@example.com`;
    const question = `Can I see lot ${crypto.randomBytes(2).toString('hex')} on Saturday?`;
    const visitor = await visitorAsks(email, question);
    expect(visitor.availability).toBe('true');

    // The new conversation reaches the open inbox over the staff channel, without a reload.
    const row = inbox.getByTestId('chat-inbox-row').filter({ hasText: email });
    await visible(row);
    await row.click();
    await inbox.getByTestId('chat-inbox-thread-input').fill('Of course, from 11:00. Ask for Nadia.');
    await inbox.getByTestId('chat-inbox-thread-send').click();

    await visible(
      visitor.panel.getByTestId('chat-message').filter({ hasText: 'Of course, from 11:00. Ask for Nadia.' }),
    );
    expect(await inbox.getByTestId('chat-inbox-emailed').count()).toBe(0);
    // And the visitor's answer back reaches the inbox live too.
    await visitor.panel.getByTestId('chat-thread-input').fill('Thank you!');
    await visitor.panel.getByTestId('chat-thread-send').click();
    await visible(inbox.getByTestId('chat-inbox-thread').getByText('Thank you!'));
  });
});
