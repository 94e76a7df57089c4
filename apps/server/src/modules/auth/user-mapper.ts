import type { User } from '@knotwork/shared/schemas/user';
import type { UserRow } from '../../db/schema/index.ts';

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  cartes_bancaires: 'Cartes Bancaires',
};

/** Only brand and last four digits are ever stored (issue 8): "Visa •••• 4242". */
export function maskCard(last4: string | null, brand: string | null = null): string | null {
  if (!last4) return null;
  const name = brand
    ? (BRANDS[brand.toLowerCase()] ?? brand.charAt(0).toUpperCase() + brand.slice(1))
    : 'Card';
  return `${name} \u2022\u2022\u2022\u2022 ${last4}`;
}

/** The one place a database row becomes the API's user object. */
export function toUser(row: UserRow): User {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    profileImage: row.profileImage ?? null,
    cardNumber: maskCard(row.cardLast4, row.cardBrand),
    role: row.role,
    emailVerified: row.emailVerifiedAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}
