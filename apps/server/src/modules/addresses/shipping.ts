import type { ShippingZone } from '@knotwork/shared/schemas/addresses';

/**
 * Shipping is quoted per shipment by destination zone: flat, insured, door-to-door courier rates for a
 * rolled rug. The house ships from the United States; these are the only numbers to change when it
 * moves or its courier contract does (kept in code, not settings, until staff need to edit them).
 */
export const SHIPPING_ORIGIN_COUNTRY = 'US';

/** Minor units (cents) in the site currency. */
export const SHIPPING_RATES: Record<ShippingZone, number> = {
  domestic: 9_500,
  europe: 24_500,
  rest_of_world: 34_500,
};

/** EU, EEA, UK, Switzerland and the European microstates and dependencies. */
const EUROPE = new Set([
  'AD',
  'AL',
  'AT',
  'AX',
  'BA',
  'BE',
  'BG',
  'BY',
  'CH',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FO',
  'FR',
  'GB',
  'GG',
  'GI',
  'GR',
  'HR',
  'HU',
  'IE',
  'IM',
  'IS',
  'IT',
  'JE',
  'LI',
  'LT',
  'LU',
  'LV',
  'MC',
  'MD',
  'ME',
  'MK',
  'MT',
  'NL',
  'NO',
  'PL',
  'PT',
  'RO',
  'RS',
  'SE',
  'SI',
  'SJ',
  'SK',
  'SM',
  'UA',
  'VA',
  'XK',
]);

export function shippingZone(country: string, origin = SHIPPING_ORIGIN_COUNTRY): ShippingZone {
  const code = country.toUpperCase();
  if (code === origin) return 'domestic';
  if (EUROPE.has(code)) return 'europe';
  return 'rest_of_world';
}

export function shippingQuote(country: string): { zone: ShippingZone; amount: number } {
  const zone = shippingZone(country);
  return { zone, amount: SHIPPING_RATES[zone] };
}
