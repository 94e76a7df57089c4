/**
 * The carriers staff choose from when a shipment leaves (decision 073), and where each carrier's public tracking
 * page is: a fixed table of URL templates, filled with the tracking number on the reader's side. Nothing is ever
 * fetched from a carrier. `other` is any carrier not listed: staff type its name and no link is offered.
 */
export const CARRIERS = [
  'dhl',
  'fedex',
  'ups',
  'usps',
  'royal_mail',
  'parcelforce',
  'la_poste',
  'chronopost',
  'dpd',
  'gls',
  'tnt',
  'aramex',
  'deutsche_post',
  'canada_post',
  'australia_post',
  'other',
] as const;
export type Carrier = (typeof CARRIERS)[number];

/** Carriers' own names (brands are not translated). */
export const CARRIER_NAMES: Readonly<Record<Exclude<Carrier, 'other'>, string>> = {
  dhl: 'DHL Express',
  fedex: 'FedEx',
  ups: 'UPS',
  usps: 'USPS',
  royal_mail: 'Royal Mail',
  parcelforce: 'Parcelforce Worldwide',
  la_poste: 'La Poste Colissimo',
  chronopost: 'Chronopost',
  dpd: 'DPD',
  gls: 'GLS',
  tnt: 'TNT',
  aramex: 'Aramex',
  deutsche_post: 'Deutsche Post DHL',
  canada_post: 'Canada Post',
  australia_post: 'Australia Post',
};

const TRACKING_URLS: Readonly<Record<Exclude<Carrier, 'other'>, string>> = {
  dhl: 'https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id={n}',
  fedex: 'https://www.fedex.com/fedextrack/?trknbr={n}',
  ups: 'https://www.ups.com/track?tracknum={n}',
  usps: 'https://tools.usps.com/go/TrackConfirmAction?tLabels={n}',
  royal_mail: 'https://www.royalmail.com/track-your-item#/tracking-results/{n}',
  parcelforce: 'https://www.parcelforce.com/track-trace?trackNumber={n}',
  la_poste: 'https://www.laposte.fr/outils/suivre-vos-envois?code={n}',
  chronopost: 'https://www.chronopost.fr/tracking-no-cms/suivi-page?listeNumerosLT={n}',
  dpd: 'https://tracking.dpd.de/status/en_US/parcel/{n}',
  gls: 'https://gls-group.com/track/{n}',
  tnt: 'https://www.tnt.com/express/en_gb/site/shipping-tools/tracking.html?searchType=con&cons={n}',
  aramex: 'https://www.aramex.com/us/en/track/results?ShipmentNumber={n}',
  deutsche_post: 'https://www.dhl.de/de/privatkunden/pakete-empfangen/verfolgen.html?piececode={n}',
  canada_post: 'https://www.canadapost-postescanada.ca/track-reperage/en#/search?searchFor={n}',
  australia_post: 'https://auspost.com.au/mypost/track/details/{n}',
};

export function isCarrier(value: string | null | undefined): value is Carrier {
  return (CARRIERS as readonly string[]).includes(value ?? '');
}

/**
 * The carrier's name as a person reads it. An order stores the carrier's code, or the name staff typed for
 * `other` (and orders shipped before the list existed hold free text): anything not a code is shown as it is.
 */
export function carrierName(stored: string | null | undefined): string {
  if (!stored) return '';
  return isCarrier(stored) && stored !== 'other' ? CARRIER_NAMES[stored] : stored;
}

/** The carrier's public tracking page for this number, or null (carrier not listed, or no number). */
export function trackingUrl(
  stored: string | null | undefined,
  trackingNumber: string | null | undefined,
): string | null {
  if (!stored || !trackingNumber || !isCarrier(stored) || stored === 'other') return null;
  return TRACKING_URLS[stored].replace('{n}', encodeURIComponent(trackingNumber));
}
