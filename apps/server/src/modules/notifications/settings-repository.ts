import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  mergeNotificationSettings,
  type NotificationChannel,
  type NotificationKind,
  type NotificationSettings,
} from '@knotwork/shared/schemas/notification-settings';
import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { rows } from '../../db/raw.ts';
import { getOrCreateSetting } from '../../lib/settings.ts';

/** One account's notification settings, every kind and channel filled in (missing means on). */
export async function loadNotificationSettings(db: Db, userId: string): Promise<NotificationSettings> {
  const [row] = await rows<{ settings: unknown }>(
    db,
    sql`select settings from notification_settings where user_id = ${userId}::uuid`,
  );
  return mergeNotificationSettings(
    typeof row?.settings === 'string' ? JSON.parse(row.settings) : row?.settings,
  );
}

/** Replaces an account's settings with a whole, validated set. */
export async function saveNotificationSettings(
  db: Db,
  userId: string,
  settings: NotificationSettings,
): Promise<void> {
  await db.execute(
    sql`insert into notification_settings (user_id, settings) values (${userId}::uuid, ${JSON.stringify(settings)}::jsonb)
        on conflict (user_id) do update set settings = excluded.settings, updated_at = now()`,
  );
}

/** Turns one switch, leaving the others as they are (an unsubscribe link); false when the account no longer exists. */
export async function setNotificationChannel(
  db: Db,
  userId: string,
  kind: NotificationKind,
  channel: NotificationChannel,
  on: boolean,
): Promise<boolean> {
  const patch = JSON.stringify({ [channel]: on });
  const written = await rows<{ user_id: string }>(
    db,
    sql`insert into notification_settings (user_id, settings)
        select id, jsonb_build_object(${kind}::text, ${patch}::jsonb) from users where id = ${userId}::uuid
        on conflict (user_id) do update
          set settings = notification_settings.settings
                || jsonb_build_object(${kind}::text, coalesce(notification_settings.settings -> ${kind}::text, '{}'::jsonb) || ${patch}::jsonb),
              updated_at = now()
        returning user_id`,
  );
  return written.length > 0;
}

/**
 * The server secret (JWT_SECRET, else the one kept in the database, as app.ts and the calendar feeds read it), for
 * signing unsubscribe links. Read once per process.
 */
export function serverSecret(db: Db, config: Pick<Config, 'JWT_SECRET'>): () => Promise<string> {
  let secret: Promise<string> | undefined;
  return () =>
    (secret ??= config.JWT_SECRET
      ? Promise.resolve(config.JWT_SECRET)
      : getOrCreateSetting(db, 'jwt_secret', () => crypto.randomBytes(48).toString('base64url')));
}

/** The language an account reads its mail in (for the unsubscribe page), or undefined for an unknown id. */
export async function languageOfUser(db: Db, userId: string): Promise<string | undefined> {
  const [row] = await rows<{ language: string }>(
    db,
    sql`select language from users where id = ${userId}::uuid`,
  );
  return row?.language;
}

/** The account a mail goes to (by e-mail, any case), with its language and notification settings. */
export interface Recipient {
  id: string;
  language: string;
  settings: unknown;
}

/** The accounts behind several addresses in one query, by lower-cased address (an address without one is absent). */
export async function mailRecipients(db: Db, emails: readonly string[]): Promise<Map<string, Recipient>> {
  const wanted = [...new Set(emails.map((e) => e.trim().toLowerCase()))];
  if (wanted.length === 0) return new Map();
  const found = await rows<Recipient & { address: string }>(
    db,
    sql`select distinct on (lower(u.email)) lower(u.email) as address, u.id, u.language, s.settings from users u
        left join notification_settings s on s.user_id = u.id
        where lower(u.email) = any(${sql.param(wanted)}::text[])`,
  );
  return new Map(found.map(({ address, ...recipient }) => [address, recipient]));
}

export async function mailRecipient(db: Db, email: string): Promise<Recipient | undefined> {
  const [recipient] = await rows<Recipient>(
    db,
    sql`select u.id, u.language, s.settings from users u
        left join notification_settings s on s.user_id = u.id
        where lower(u.email) = lower(${email}) limit 1`,
  );
  return recipient;
}
