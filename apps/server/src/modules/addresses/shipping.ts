import type { ShippingZone } from '@knotwork/shared/schemas/addresses';
import type { ShippingSettings } from '@knotwork/shared/schemas/house-settings-staff';

/**
 * Shipping is quoted per shipment by destination zone: flat, insured, door-to-door courier rates for a
 * rolled rug. The house ships from the United States. These are the install's defaults: staff change the
 * zones' countries and rates in Settings (decision 064), read through the settings service.
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

export const DEFAULT_SHIPPING: ShippingSettings = {
  domestic: { countries: [SHIPPING_ORIGIN_COUNTRY], amount: SHIPPING_RATES.domestic },
  europe: { countries: [...EUROPE], amount: SHIPPING_RATES.europe },
  rest_of_world: { amount: SHIPPING_RATES.rest_of_world },
};

/** Where the house ships from: the home zone's one country (a rug collected in person is taxed there). */
export const originCountry = (settings: ShippingSettings): string =>
  settings.domestic.countries[0] ?? SHIPPING_ORIGIN_COUNTRY;

export function shippingZone(country: string, settings: ShippingSettings = DEFAULT_SHIPPING): ShippingZone {
  const code = country.toUpperCase();
  if (settings.domestic.countries.includes(code)) return 'domestic';
  if (settings.europe.countries.includes(code)) return 'europe';
  return 'rest_of_world';
}

export function shippingQuote(
  country: string,
  settings: ShippingSettings = DEFAULT_SHIPPING,
): { zone: ShippingZone; amount: number } {
  const zone = shippingZone(country, settings);
  return { zone, amount: settings[zone].amount };
}
