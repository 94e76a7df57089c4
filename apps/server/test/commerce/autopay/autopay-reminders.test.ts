import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { notificationsOf } from '../../jobs/fixtures.ts';
import { makeOrder, makeUser } from '../helpers.ts';

/**
 * Issue 29 §4 (decision 096, addendum): a buyer whose order autopay is still to charge (scheduled, or charging now)
 * is not sent payment reminders: they chose to be charged, and a reminder reads as if they must act. Once autopay
 * gives up (failed: they were sent a link to pay) or they switch it off for the order, reminders resume. Without
 * Stripe keys the autopay job itself does nothing, so the schedule's state is set here as the job would leave it.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SCALE: '100' });
});
afterAll(() => t.close());

const HOUR = 3600;
const reminders = async (userId: string) =>
  (await notificationsOf(t.database, userId)).filter((n) => n.type === 'payment_reminder');
const runJobs = () => t.app.jobs.runDueJobsOnce();

async function autopayOrder(state: 'scheduled' | 'charging' | 'failed' | 'done', enabled = true) {
  const user = await makeUser(t);
  const { orderId } = await makeOrder(t, user.id, { createdSecondsAgo: 25 * HOUR, dueInSeconds: 2 * 86_400 });
  await t.database.query(
    `insert into order_autopay (order_id, user_id, enabled, state, next_attempt_at, attempts, claimed_at)
     values ($1, $2, $3, $4, now() + interval '1 day', $5, $6)`,
    [orderId, user.id, enabled, state, state === 'failed' ? 3 : 0, state === 'charging' ? new Date() : null],
  );
  return { user, orderId };
}

describe('payment reminders and autopay', () => {
  it('sends none while autopay is scheduled or charging; resumes once it gave up; one reminder, not two', async () => {
    const scheduled = await autopayOrder('scheduled');
    const charging = await autopayOrder('charging');
    const plain = await makeUser(t);
    await makeOrder(t, plain.id, { createdSecondsAgo: 25 * HOUR, dueInSeconds: 2 * 86_400 });

    await runJobs();
    await runJobs();
    expect(await reminders(plain.id)).toHaveLength(1);
    expect(await reminders(scheduled.user.id)).toHaveLength(0);
    expect(await reminders(charging.user.id)).toHaveLength(0);
    const [counted] = await t.database.query<{ n: number }>(
      `select payment_reminders_sent as n from orders where id = $1`,
      [scheduled.orderId],
    );
    expect(counted!.n).toBe(0);

    // Autopay gave up (its last retry failed and sent the buyer a link to pay), 49 hours in: one reminder, not two.
    await t.database.query(`update order_autopay set state = 'failed', attempts = 3 where order_id = $1`, [
      scheduled.orderId,
    ]);
    await t.database.query(`update orders set created_at = now() - interval '49 hours' where id = $1`, [
      scheduled.orderId,
    ]);
    await runJobs();
    await runJobs();
    const resumed = await reminders(scheduled.user.id);
    expect(resumed).toHaveLength(1);
    expect(resumed[0]).toMatchObject({ link: '/my-items' });
    expect(await reminders(charging.user.id)).toHaveLength(0);
  });

  it('reminds a buyer who switched autopay off for the order, or whose autopay gave up', async () => {
    const off = await autopayOrder('scheduled', false);
    const failed = await autopayOrder('failed');
    await runJobs();
    await runJobs();
    expect(await reminders(off.user.id)).toHaveLength(1);
    expect(await reminders(failed.user.id)).toHaveLength(1);
  });
});
