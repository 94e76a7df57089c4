/**
 * The currency a visitor most likely thinks in, from their browser's language tags (issue 14 section 6): the
 * region of the tag ("en-GB" -> GB -> GBP; a bare "fr" is taken as its most likely region, France). Only the
 * currencies of regions a rug buyer plausibly comes from are listed; anything else gives null and the site shows
 * the sale's currency alone.
 */
const EURO = [
  'AT',
  'BE',
  'CY',
  'DE',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MC',
  'MT',
  'NL',
  'PT',
  'SI',
  'SK',
  'SM',
  'VA',
  'AD',
  'ME',
  'XK',
];
const BY_REGION: Readonly<Record<string, string>> = {
  ...Object.fromEntries(EURO.map((r) => [r, 'EUR'])),
  GB: 'GBP',
  IM: 'GBP',
  JE: 'GBP',
  GG: 'GBP',
  US: 'USD',
  PR: 'USD',
  EC: 'USD',
  CH: 'CHF',
  LI: 'CHF',
  AE: 'AED',
  SA: 'SAR',
  QA: 'QAR',
  KW: 'KWD',
  BH: 'BHD',
  OM: 'OMR',
  EG: 'EGP',
  MA: 'MAD',
  TN: 'TND',
  DZ: 'DZD',
  JO: 'JOD',
  LB: 'LBP',
  TR: 'TRY',
  IR: 'IRR',
  IL: 'ILS',
  JP: 'JPY',
  CN: 'CNY',
  HK: 'HKD',
  SG: 'SGD',
  KR: 'KRW',
  IN: 'INR',
  TW: 'TWD',
  CA: 'CAD',
  AU: 'AUD',
  NZ: 'NZD',
  MX: 'MXN',
  BR: 'BRL',
  ZA: 'ZAR',
  SE: 'SEK',
  NO: 'NOK',
  DK: 'DKK',
  PL: 'PLN',
  CZ: 'CZK',
  HU: 'HUF',
  RU: 'RUB',
};

/** The region of a BCP 47 tag, the likely one when the tag names none; null when unreadable. */
function regionOf(tag: string): string | null {
  try {
    const locale = new Intl.Locale(tag);
    return (locale.region ?? locale.maximize().region ?? null)?.toUpperCase() ?? null;
  } catch {
    return null;
  }
}

/** "en-GB" -> "GBP", "fr" -> "EUR", "de-CH" -> "CHF"; null for an unknown region or a malformed tag. */
export function currencyForLocale(tag: string): string | null {
  const region = regionOf(tag);
  return region ? (BY_REGION[region] ?? null) : null;
}

/**
 * The first of the browser's languages whose currency is `offered` (has a rate, or is the sale's own), else null:
 * an explicit region anywhere in the list wins over a guessed one, so ["fr", "en-GB"] gives GBP, not EUR.
 */
export function defaultDisplayCurrency(
  tags: readonly string[],
  offered: (currency: string) => boolean,
): string | null {
  const explicit = tags.filter((t) => /-[A-Za-z]{2}(?:-|$)/.test(t) || /-\d{3}(?:-|$)/.test(t));
  for (const tag of [...explicit, ...tags]) {
    const currency = currencyForLocale(tag);
    if (currency && offered(currency)) return currency;
  }
  return null;
}
