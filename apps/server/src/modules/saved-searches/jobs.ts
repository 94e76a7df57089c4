import type { JobContext } from '../../jobs/job-context.ts';
import { sendAfterCommit } from '../commerce/payment-mails.ts';
import { ALERT_MAIL_OWNERS, takeDueAlertMails } from './alert-mails.ts';
import { matchQueuedRugs } from './matching.ts';

/**
 * Matches the rugs published or put into a sale since the last run against every active saved search, and tells
 * the owners in-app and by push after each batch commits. Returns the alerts recorded.
 */
export async function runSavedSearchMatching(ctx: JobContext): Promise<number> {
  let alerts = 0;
  for (let i = 0; i < ctx.maxBatches; i += 1) {
    const batch = await matchQueuedRugs(ctx.db);
    await ctx.deliver(batch.pending);
    alerts += batch.alerts;
    if (batch.rugs === 0) break;
  }
  return alerts;
}

/** Sends the alert e-mails that are due (at once, or the daily digest), each alert at most once. Returns the mails sent. */
export async function sendSavedSearchMails(ctx: JobContext): Promise<number> {
  let sent = 0;
  for (let i = 0; i < ctx.maxBatches; i += 1) {
    const { owners, mails } = await takeDueAlertMails(ctx.db, ctx.publicUrl);
    for (const mail of mails) await sendAfterCommit(ctx.mailer, ctx.log, mail);
    sent += mails.length;
    if (owners < ALERT_MAIL_OWNERS) break;
  }
  return sent;
}
