/**
 * The holding period (decision 087): a lot's settlement falls due `days` working days after its buyer paid in full,
 * or as soon as its delivery is confirmed. A working day is Monday to Friday, counted in UTC; public holidays are
 * not known to the house and count as working days. The period ends at the payment's time of day on the `days`-th
 * working day after the day of payment (paid Friday 15:00 with 1 day: due Monday 15:00; paid Saturday: due Monday
 * too). Zero days: due at once.
 */
export function addWorkingDays(from: Date, days: number): Date {
  const at = new Date(from.getTime());
  let left = days;
  while (left > 0) {
    at.setUTCDate(at.getUTCDate() + 1);
    const weekday = at.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return at;
}

/** When a paid lot falls due: the end of its holding period, or its delivery if that came first. */
export function settlementDueAt(paidAt: Date, deliveredAt: Date | null, holdingDays: number): Date {
  const held = addWorkingDays(paidAt, holdingDays);
  return deliveredAt && deliveredAt.getTime() < held.getTime() ? deliveredAt : held;
}
