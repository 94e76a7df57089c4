import type { RegistrationSettings } from '../schemas/house-settings-staff.ts';
import type { RegistrationGap } from '../schemas/registrations.ts';

/** What the house knows about a bidder when they register (read in the registration's transaction). */
export interface RegistrationFacts {
  emailVerified: boolean;
  cardOnFile: boolean;
  hasAddress: boolean;
  /** Orders unpaid past their due date, not cleared (issue 28 §4). */
  activeStrikes: number;
  /** Bidding blocked by staff or by strikes. */
  blocked: boolean;
  /** A purchase from the house paid before. */
  paidBefore: boolean;
}

/**
 * The house rules a registration does not meet (issue 28 §1, decision 090), in a fixed order: none means it is
 * approved at once, otherwise it waits for staff and the bidder is told what is missing. A sale asking for a card
 * asks it whatever the house rules say; a blocked bidder always waits (staff decide).
 */
export function registrationGaps(
  rules: RegistrationSettings,
  sale: { cardRequired: boolean },
  facts: RegistrationFacts,
): RegistrationGap[] {
  const gaps: RegistrationGap[] = [];
  if (rules.emailVerified && !facts.emailVerified) gaps.push('email');
  if ((rules.cardOnFile || sale.cardRequired) && !facts.cardOnFile) gaps.push('card');
  if (rules.address && !facts.hasAddress) gaps.push('address');
  if (rules.paidBefore && !facts.paidBefore) gaps.push('history');
  if (facts.blocked || (rules.noStrikes && facts.activeStrikes > 0)) gaps.push('standing');
  return gaps;
}
