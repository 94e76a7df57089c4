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

/**
 * Claims the right to mail one lot notice, in one statement, and answers the address to write to (or nothing):
 * - only when the account wants this kind by e-mail (a missing setting is on);
 * - once per account, lot and kind (notification_mails), so a second process or a repeated job does not mail twice;
 * - an outbid notice again only after the reader bid on the lot since the last one: a bidding war is one e-mail
 *   per round the reader takes part in, not one per rival bid.
 */
export async function claimLotMail(
  db: Db,
  userId: string,
  lotId: string,
  kind: NotificationKind,
): Promise<LotMailTo | undefined> {
  const [row] = await rows<LotMailTo>(
    db,
    sql`with u as (
          select u.id, u.email, u.first_name, u.language from users u
            left join notification_settings s on s.user_id = u.id
          where u.id = ${userId}::uuid and coalesce((s.settings -> ${kind}::text ->> 'email')::boolean, true)
        ), claimed as (
          insert into notification_mails (user_id, lot_id, kind)
          select u.id, ${lotId}::uuid, ${kind} from u
          on conflict (user_id, lot_id, kind) do update set sent_at = clock_timestamp()
            where excluded.kind = 'outbid' and exists (
              select 1 from bids b
              where b.lot_id = notification_mails.lot_id and b.bidder_id = notification_mails.user_id
                and b.created_at > notification_mails.sent_at)
          returning user_id
        )
        select u.email, u.first_name, u.language from u join claimed on claimed.user_id = u.id`,
  );
  return row;
}
