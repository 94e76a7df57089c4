import { identityMessages as m } from '@knotwork/shared/messages/identity';
import type { IdentitySettings } from '@knotwork/shared/schemas/house-settings-staff';
import type { IdentityStanding } from '@knotwork/shared/schemas/identity';
import type { Db } from '../../db/client.ts';
import { forbidden } from '../../lib/http-error.ts';
import { createIdentityRepository } from './repository.ts';

/** Exchange rates are micros per unit of the house currency; the house currency's own is 1,000,000. */
const HOUSE_RATE = 1_000_000;

/** `cents` of a currency whose rate is `fromMicros` in cents of one whose rate is `toMicros`, rounded half up, in BigInt. */
export function convertCents(cents: number, fromMicros: number, toMicros: number): number {
  const numerator = BigInt(Math.trunc(cents)) * BigInt(toMicros);
  const denominator = BigInt(fromMicros);
  return Number((2n * numerator + denominator) / (2n * denominator));
}

export interface Measure {
  /** The buyer's purchases in the period (with the orders being paid), in `currency`. */
  totalCents: number;
  thresholdCents: number;
  /** The threshold's currency, or the house currency when a rate was missing (decision 093). */
  currency: string;
  /** Converts an amount of the house currency into `currency` (the lot page's low estimate). */
  fromHouse: (cents: number) => number;
}

/**
 * The buyer's purchases within the period, converted into the threshold's currency with the house's exchange rates
 * (decision 063's table, exact in BigInt). When a rate is missing the comparison falls back to the house currency:
 * the threshold's figure is read as house-currency cents and purchases in the house currency count at face value
 * (any other currency without a rate counts at face value too), so a missing rate never lets a buyer through unseen.
 */
export async function measure(
  db: Db,
  userId: string,
  settings: IdentitySettings,
  houseCurrency: string,
  extraOrderIds: readonly string[] = [],
): Promise<Measure> {
  const repo = createIdentityRepository(db);
  const totals = await repo.purchaseTotals(userId, settings.periodMonths, extraOrderIds, db);
  const wanted = new Set([settings.currency, ...totals.map((t) => t.currency)]);
  wanted.delete(houseCurrency);
  const rates = await repo.rates([...wanted], db);
  const rate = (c: string) => (c === houseCurrency ? HOUSE_RATE : rates.get(c));
  const target = rate(settings.currency);
  if (target !== undefined && totals.every((t) => rate(t.currency) !== undefined)) {
    return {
      totalCents: totals.reduce((s, t) => s + convertCents(t.cents, rate(t.currency)!, target), 0),
      thresholdCents: settings.thresholdCents,
      currency: settings.currency,
      fromHouse: (cents) => convertCents(cents, HOUSE_RATE, target),
    };
  }
  return {
    totalCents: totals.reduce((s, t) => {
      const r = rate(t.currency);
      return s + (r === undefined ? t.cents : convertCents(t.cents, r, HOUSE_RATE));
    }, 0),
    thresholdCents: settings.thresholdCents,
    currency: houseCurrency,
    fromHouse: (cents) => cents,
  };
}

/** Where the buyer stands: their newest check's status, and whether one was ever approved. */
export async function standing(
  db: Db,
  userId: string,
): Promise<{ status: IdentityStanding; approved: boolean }> {
  const repo = createIdentityRepository(db);
  const [latest, approved] = await Promise.all([repo.latest(userId, db), repo.hasApproved(userId, db)]);
  return { status: latest?.status ?? 'none', approved };
}

/**
 * Checkout's one call (issue 28 §3): when the buyer's purchases within the period, the orders being paid included,
 * reach the threshold and no identity check of theirs was approved, paying is refused with 403 IDENTITY_REQUIRED
 * (its message says when a check is waiting for review). Run inside the checkout's transaction, after its orders are
 * locked. Off in Settings: nothing is read.
 */
export async function requireIdentityCheck(
  tx: Db,
  userId: string,
  orderIds: readonly string[],
  pricing: { currency: string; identity: IdentitySettings },
): Promise<void> {
  if (!pricing.identity.enabled) return;
  const { totalCents, thresholdCents } = await measure(
    tx,
    userId,
    pricing.identity,
    pricing.currency,
    orderIds,
  );
  if (totalCents < thresholdCents) return;
  const { status, approved } = await standing(tx, userId);
  if (approved) return;
  throw forbidden(status === 'pending' ? m.pending : m.required, { code: 'IDENTITY_REQUIRED' });
}
