import { sql } from 'drizzle-orm';
import type { NotificationKind } from '@knotwork/shared/schemas/notification-settings';
import type { Db } from '../../db/client.ts';
import { rows } from '../../db/raw.ts';

/** Where a claimed lot notice's e-mail goes. */
export interface LotMailTo {
  email: string;
  first_name: string | null;
  language: string;
}

/** One lot notice whose e-mail a batch asks to send. */
export interface LotMailClaim {
  userId: string;
  lotId: string;
  kind: NotificationKind;
}

/** A claim granted: the notice it is for, and where its e-mail goes. */
export interface LotMailGranted extends LotMailTo {
  user_id: string;
  lot_id: string;
  kind: NotificationKind;
}

/**
 * Claims the right to mail lot notices, a whole batch in one statement (decision 101: not one per notice), and
 * answers the address for each claim granted:
 * - only when the account wants this kind by e-mail (a missing setting is on);
 * - once per account, lot and kind (notification_mails), so a second process or a repeated job does not mail twice;
 * - an outbid notice again only after the reader bid on the lot since the last one: a bidding war is one e-mail
 *   per round the reader takes part in, not one per rival bid.
 * The same account, lot and kind twice in `claims` is one claim. Rows are claimed in key order, so two processes
 * claiming overlapping batches wait for each other instead of deadlocking.
 */
export async function claimLotMails(db: Db, claims: readonly LotMailClaim[]): Promise<LotMailGranted[]> {
  const unique = new Map(claims.map((c) => [`${c.userId}:${c.lotId}:${c.kind}`, c]));
  if (unique.size === 0) return [];
  const input = [...unique.values()].map((c) => ({ user_id: c.userId, lot_id: c.lotId, kind: c.kind }));
  return rows<LotMailGranted>(
    db,
    sql`with c as (
          select * from jsonb_to_recordset(${JSON.stringify(input)}::jsonb) as c(user_id uuid, lot_id uuid, kind text)
        ), u as (
          select c.user_id, c.lot_id, c.kind, u.email, u.first_name, u.language
          from c join users u on u.id = c.user_id
            left join notification_settings s on s.user_id = u.id
          where coalesce((s.settings -> c.kind ->> 'email')::boolean, true)
        ), claimed as (
          insert into notification_mails (user_id, lot_id, kind)
          select user_id, lot_id, kind from u order by user_id, lot_id, kind
          on conflict (user_id, lot_id, kind) do update set sent_at = clock_timestamp()
            where excluded.kind = 'outbid' and exists (
              select 1 from bids b
              where b.lot_id = notification_mails.lot_id and b.bidder_id = notification_mails.user_id
                and b.created_at > notification_mails.sent_at)
          returning user_id, lot_id, kind
        )
        select u.user_id, u.lot_id, u.kind, u.email, u.first_name, u.language
        from u join claimed using (user_id, lot_id, kind)`,
  );
}
