import type { User } from '@knotwork/shared/schemas/user';
import type { UserRow } from '../../db/schema/index.ts';

/** Only the last four digits are ever stored; the rest is shown as the card number's usual mask. */
export function maskCard(last4: string | null): string | null {
  return last4 ? `**** **** **** ${last4}` : null;
}

/** The one place a database row becomes the API's user object. */
export function toUser(row: UserRow): User {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    profileImage: row.profileImage ?? null,
    cardNumber: maskCard(row.cardLast4),
    role: row.role,
    emailVerified: row.emailVerifiedAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}
