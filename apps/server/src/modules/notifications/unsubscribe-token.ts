import crypto from 'node:crypto';
import { isUuid } from '@knotwork/shared/constants/ids';
import { notificationKinds, type NotificationKind } from '@knotwork/shared/schemas/notification-settings';

/**
 * The token of an e-mail's unsubscribe link (decision 075): `<account id>.<kind>.<HMAC>`, the HMAC-SHA256 of the
 * account and kind under a key derived from the server secret (as calendar feed tokens are, decision 047), cut to
 * 32 URL-safe characters (192 bits). Anyone holding a mail can turn that one kind of e-mail off for its reader, and
 * nothing else: no sign-in, no other account, no other setting. Tokens do not expire (a mail read a year later must
 * still work); changing the server secret ends every one of them.
 */
const MAC_LENGTH = 32;

function mac(secret: string, userId: string, kind: NotificationKind): string {
  const key = crypto.createHmac('sha256', secret).update('knotwork unsubscribe').digest();
  return crypto
    .createHmac('sha256', key)
    .update(`${userId.toLowerCase()}:${kind}`)
    .digest('base64url')
    .slice(0, MAC_LENGTH);
}

export function signUnsubscribeToken(secret: string, userId: string, kind: NotificationKind): string {
  return `${userId.toLowerCase()}.${kind}.${mac(secret, userId, kind)}`;
}

/** The account and kind a token names, or null when it is malformed or its HMAC does not match (compared in constant time). */
export function verifyUnsubscribeToken(
  secret: string,
  token: string | undefined,
): { userId: string; kind: NotificationKind } | null {
  if (!token) return null;
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [userId, kind, given] = parts as [string, string, string];
  // Tokens are signed with the id in lower case: only that form is the token.
  if (
    !isUuid(userId) ||
    userId !== userId.toLowerCase() ||
    !(notificationKinds as readonly string[]).includes(kind)
  )
    return null;
  const expected = Buffer.from(mac(secret, userId, kind as NotificationKind));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !crypto.timingSafeEqual(actual, expected)) return null;
  return { userId, kind: kind as NotificationKind };
}
