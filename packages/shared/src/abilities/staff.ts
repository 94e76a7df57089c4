import { z } from 'zod';

/**
 * Who may do what in the back office (issue 11, decision 035): one definition, read by the web menu, the
 * back-office pages and every staff route of the server. An ability is an action on a subject; `manage`
 * includes `read`.
 */
export const staffRoles = ['admin', 'specialist', 'accounts'] as const;
export type StaffRole = (typeof staffRoles)[number];
export const staffRoleSchema = z.enum(staffRoles);

/** Every role a user row may hold: collectors are `user`. */
export const allRoles = ['user', ...staffRoles] as const;
export type AnyRole = (typeof allRoles)[number];

export const abilityActions = ['read', 'manage'] as const;
export type AbilityAction = (typeof abilityActions)[number];

export const abilitySubjects = [
  'dashboard',
  'rug',
  'collection',
  'sale',
  'lot',
  'bid',
  'bidder',
  'order',
  'payment',
  'content',
  'message',
  'audit',
  'settings',
  'staff',
  'mailbox',
  /** The live chat's staff inbox (decision 076): kept apart from `message`, the contact desk. */
  'chat',
  /** The clerk's console of a live sale (issue 12): open lots, take floor bids, sell. */
  'live',
  /** Consignors and their consignments (issue 27, decision 086): taking rugs in. */
  'consignment',
  /**
   * Settling with consignors and paying them out (issue 27): statements, payouts, and a consignor's payout details
   * and identity check, which a payout depends on.
   */
  'settlement',
  /** Buyers' identity documents above the threshold (issue 28 §3, decision 093): admin only, none granted below. */
  'identity',
  /**
   * Operating a telephone line in a live sale (issue 29 §1, decision 097): the operator's desk, ready, bidding for the
   * bidders assigned to them. Every staff role: a house puts whoever is free on the phones.
   */
  'phone',
  /** Condition reports on request (issue 29 §2, decision 095): the specialist desk answers them. */
  'condition',
] as const;
export type AbilitySubject = (typeof abilitySubjects)[number];

export type Ability = readonly [AbilityAction, AbilitySubject];

type Grants = Partial<Record<AbilitySubject, AbilityAction>>;

/**
 * The grants per role. A specialist builds the catalogue and the sales and corrects lots (void, withdraw);
 * accounts collect the money and look after bidders; both read what the other side's work refers to (an
 * order names a rug and a lot; a lot's history names bidders). Admin has everything.
 */
const grants: Record<StaffRole, Grants | 'all'> = {
  admin: 'all',
  specialist: {
    dashboard: 'read',
    rug: 'manage',
    collection: 'manage',
    sale: 'manage',
    lot: 'manage',
    bid: 'manage',
    live: 'manage',
    content: 'manage',
    bidder: 'read',
    order: 'read',
    mailbox: 'read',
    // The chat widget promises "a rug specialist" (issue 24).
    chat: 'manage',
    // Specialists take rugs in: the consignor, their bank details and the receipt (decision 086).
    consignment: 'manage',
    phone: 'manage',
    // Specialists write condition reports (decision 095).
    condition: 'manage',
  },
  accounts: {
    dashboard: 'read',
    // The order desk, relisting a cancelled or expired order's rug included (issue 25; the README's role table).
    order: 'manage',
    payment: 'manage',
    bidder: 'manage',
    message: 'manage',
    chat: 'manage',
    rug: 'read',
    sale: 'read',
    lot: 'read',
    bid: 'read',
    settings: 'read',
    mailbox: 'read',
    // Accounts settle and pay consignors: they read consignments, and keep payout details and identity checks.
    consignment: 'read',
    settlement: 'manage',
    // Any member of staff may be on the phones in a live sale (decision 097).
    phone: 'manage',
    // Accounts answer collectors on the contact desk: they see whether a report was sent, not write it (095).
    condition: 'read',
  },
};

export function isStaffRole(role: string | null | undefined): role is StaffRole {
  return (staffRoles as readonly string[]).includes(role ?? '');
}

/** True when `role` may do `action` on `subject`. Collectors (and anyone signed out) may do nothing here. */
export function can(
  role: string | null | undefined,
  action: AbilityAction,
  subject: AbilitySubject,
): boolean {
  if (!isStaffRole(role)) return false;
  const granted = grants[role];
  if (granted === 'all') return true;
  const level = granted[subject];
  return level === 'manage' || (level === 'read' && action === 'read');
}
