/**
 * How each country writes a postal address (decision 073): whether its addresses carry a region (state, province,
 * prefecture...), what the region and the postal code are called, and the order of the lines a courier label or an
 * invoice prints. Pure data and functions, no zod and no I/O, so the web, the server, PDFs and mails share it.
 *
 * Sources: the Universal Postal Union's addressing guides and Google's libaddressinput formats, cut down to what a
 * rug house ships to. A country not listed writes "postcode town" on one line (most of Europe, the Middle East
 * and Africa) and has no region.
 */

/** What a country calls its first-level subdivision on an address (a translation key on the web and in mails). */
export type RegionKind = 'state' | 'province' | 'prefecture' | 'emirate';
/** What a country calls its postal code. */
export type PostalKind = 'postalCode' | 'zip' | 'postcode' | 'pin' | 'eircode' | 'cep';

/**
 * The locality lines, in order, as templates: {city}, {region} and {postal} are replaced, and a line left empty
 * (or only punctuation) once they are is dropped. A town printed in capitals is the postal service's request (UK).
 */
type Layout = readonly string[];

interface CountryFormat {
  region?: { kind: RegionKind; print: 'code' | 'name' };
  postal?: PostalKind;
  layout?: Layout;
  /** The town in capital letters, as the country's post asks (Royal Mail). */
  upperCity?: boolean;
}

const POSTAL_THEN_CITY: Layout = ['{postal} {city}'];

const FORMATS: Readonly<Record<string, CountryFormat>> = {
  // North America
  US: { region: { kind: 'state', print: 'code' }, postal: 'zip', layout: ['{city}, {region} {postal}'] },
  CA: { region: { kind: 'province', print: 'code' }, layout: ['{city} {region} {postal}'] },
  MX: { region: { kind: 'state', print: 'name' }, layout: ['{postal} {city}, {region}'] },
  // South America
  BR: { region: { kind: 'state', print: 'code' }, postal: 'cep', layout: ['{city}-{region}', '{postal}'] },
  AR: { region: { kind: 'province', print: 'name' }, layout: ['{postal} {city}', '{region}'] },
  // Asia and Oceania
  AU: { region: { kind: 'state', print: 'code' }, postal: 'postcode', layout: ['{city} {region} {postal}'] },
  NZ: { postal: 'postcode', layout: ['{city} {postal}'] },
  IN: { region: { kind: 'state', print: 'name' }, postal: 'pin', layout: ['{city} {postal}', '{region}'] },
  JP: { region: { kind: 'prefecture', print: 'name' }, layout: ['{city}, {region}', '{postal}'] },
  CN: { region: { kind: 'province', print: 'name' }, layout: ['{city}, {region}', '{postal}'] },
  MY: {
    region: { kind: 'state', print: 'name' },
    postal: 'postcode',
    layout: ['{postal} {city}', '{region}'],
  },
  SG: { layout: ['{city} {postal}'] },
  HK: { layout: ['{city} {postal}'] },
  KR: { layout: ['{city}', '{postal}'] },
  AE: { region: { kind: 'emirate', print: 'name' }, layout: ['{city} {postal}', '{region}'] },
  // Europe: the UK and Ireland put the postcode last, on its own line; Italy and Spain add the province.
  GB: { postal: 'postcode', layout: ['{city}', '{postal}'], upperCity: true },
  IE: { postal: 'eircode', layout: ['{city}', '{postal}'] },
  IT: { region: { kind: 'province', print: 'code' }, layout: ['{postal} {city} {region}'] },
  ES: { region: { kind: 'province', print: 'name' }, layout: ['{postal} {city}', '{region}'] },
  NL: { layout: ['{postal} {city}'] },
  LV: { layout: ['{city}, {postal}'] },
  RU: { layout: ['{city}', '{postal}'] },
  UA: { layout: ['{city}', '{postal}'] },
  ZA: { postal: 'postcode', layout: ['{city}', '{postal}'] },
  EG: { layout: ['{city}', '{postal}'] },
};

const format = (country: string): CountryFormat => FORMATS[country.toUpperCase()] ?? {};

/** Countries whose addresses carry a region, so the address form asks for one and requires it. */
export const COUNTRIES_WITH_REGION: ReadonlySet<string> = new Set(
  Object.entries(FORMATS)
    .filter(([, f]) => f.region)
    .map(([code]) => code),
);

/** True where the country's addresses use a region (state, province, prefecture, emirate). */
export function usesRegion(country: string): boolean {
  return COUNTRIES_WITH_REGION.has(country.toUpperCase());
}

/** What the region is called there (null where addresses carry none). */
export function regionKind(country: string): RegionKind | null {
  return format(country).region?.kind ?? null;
}

/** What the postal code is called there ("ZIP code", "postcode", "PIN code"...). */
export function postalKind(country: string): PostalKind {
  return format(country).postal ?? 'postalCode';
}

/** An address as any part of the product holds it (saved address, the copy frozen on an order, a form). */
export interface AddressParts {
  name?: string | null;
  /** A company or "care of" line, printed under the name. */
  organisation?: string | null;
  line1: string;
  line2?: string | null;
  city: string;
  /** The subdivision code (as the geo data gives it: 'CA', 'NSW', '23'). */
  state?: string | null;
  /** Its name, when known ('California'); the code is printed where the name is missing. */
  stateName?: string | null;
  postalCode?: string | null;
  country: string;
}

export interface FormatOptions {
  /** The country's name in the reader's language; the ISO code is printed when it is missing. */
  countryName?: string | null;
  /** Leave out the country line (an address inside the house's own country, or a field that shows it apart). */
  withoutCountry?: boolean;
  /** Leave out the addressee's name. */
  withoutName?: boolean;
}

function regionText(a: AddressParts, f: CountryFormat): string {
  if (!f.region || !a.state) return '';
  const code = a.state.toUpperCase();
  // The geo data gives some provinces as numbers ('62'): print the name there, the code only when it reads as one.
  if (f.region.print === 'code' && /^[A-Z]{2,3}$/.test(code)) return code;
  return a.stateName?.trim() || code;
}

/**
 * The address as its country writes it, one string per line: name, street lines, the locality lines in the
 * country's order (UK: town, then the postcode alone; US: "City, ST 12345"; France, Germany: "75001 Paris"), and the
 * country in capitals on the last line, as international mail asks.
 */
export function formatAddress(a: AddressParts, options: FormatOptions = {}): string[] {
  const f = format(a.country);
  const city = f.upperCity ? a.city.trim().toUpperCase() : a.city.trim();
  const postal = (a.postalCode ?? '').trim().toUpperCase();
  const region = regionText(a, f);
  const values: Record<string, string> = { '{city}': city, '{region}': region, '{postal}': postal };
  const locality = (f.layout ?? POSTAL_THEN_CITY).map((template) => {
    // A separator is printed only between two parts that are there: no "Paris, " or "-SP" when one is missing.
    let line = '';
    let separator = '';
    for (const token of template.split(/(\{\w+\})/)) {
      const value = values[token];
      if (value === undefined) separator = token;
      else if (value) {
        line += (line ? separator : '') + value;
        separator = '';
      }
    }
    return line;
  });
  const country = options.withoutCountry ? '' : (options.countryName?.trim() || a.country).toUpperCase();
  return [
    options.withoutName ? '' : (a.name ?? ''),
    a.organisation ?? '',
    a.line1,
    a.line2 ?? '',
    ...locality,
    country,
  ]
    .map((l) => l.replace(/\s+/g, ' ').trim())
    .filter((l) => l.length > 0 && /[\p{L}\p{N}]/u.test(l));
}

/** A country's name in the reader's language (the runtime's ICU), the ISO code where it has none. */
export function countryNameIn(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
