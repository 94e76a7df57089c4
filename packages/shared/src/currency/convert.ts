/**
 * Display conversion of prices (issue 14 section 6, decision 063). Zod-free and dependency-free: the web's money
 * component imports it on every page that shows a price.
 *
 * Money stays integer cents in the sale's currency; nothing here is ever charged. A rate is how many units of a
 * currency one unit of the house currency buys, scaled by 1,000,000 (`rateMicros`), so it is an integer too. A
 * conversion is computed exactly in BigInt and rounded once, to whole units of the visitor's currency: an
 * approximate figure shows no cents.
 */
export const RATE_SCALE = 1_000_000;

/** A rate as staff type it ("0.79", "157.5", "0,79") to micros; null unless positive with at most 6 decimals. */
export function parseRateMicros(text: string): number | null {
  const m = /^(\d{1,9})(?:[.,](\d{1,6}))?$/.exec(text.trim());
  if (!m) return null;
  const micros = Number(m[1]) * RATE_SCALE + Number((m[2] ?? '').padEnd(6, '0'));
  return micros > 0 ? micros : null;
}

/** Micros back to the shortest decimal text ("790000" -> "0.79"), for forms and lists. */
export function formatRateMicros(micros: number): string {
  const whole = Math.floor(micros / RATE_SCALE);
  const fraction = String(micros % RATE_SCALE)
    .padStart(6, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

/**
 * `cents` of a currency whose rate is `fromMicros` in whole units of one whose rate is `toMicros`, rounded half
 * away from zero, once. Exact for any amount: the product is taken in BigInt, never in a float.
 */
export function convertCentsToUnits(cents: number, fromMicros: number, toMicros: number): number {
  const numerator = BigInt(Math.abs(Math.trunc(cents))) * BigInt(toMicros);
  const denominator = BigInt(fromMicros) * 100n;
  const units = Number((2n * numerator + denominator) / (2n * denominator));
  return cents < 0 ? -units : units;
}

export interface RateTable {
  /** The house currency: its rate is 1 (1,000,000 micros) and is not stored. */
  base: string;
  /** Currency code -> micros per unit of `base`. */
  micros: Readonly<Record<string, number>>;
}

/** The rate of `currency` in a table, the base included; undefined when staff have set none. */
export function rateOf(table: RateTable, currency: string): number | undefined {
  return currency === table.base ? RATE_SCALE : table.micros[currency];
}

/**
 * `cents` of `from` as whole units of `to`, or null when the two are the same or a rate is missing (then no
 * approximate figure is shown rather than a wrong one).
 */
export function approximate(table: RateTable, cents: number, from: string, to: string): number | null {
  if (from === to) return null;
  const f = rateOf(table, from);
  const t = rateOf(table, to);
  return f && t ? convertCentsToUnits(cents, f, t) : null;
}
