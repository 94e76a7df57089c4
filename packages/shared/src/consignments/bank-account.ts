/**
 * Checks and display of the bank details a consignor gives for their payout (issue 27): IBAN and BIC for SEPA and
 * most of the world, ABA routing numbers for US accounts. Pure, so the zod schemas, the forms and the bank files
 * agree on what a valid account is.
 */

/**
 * The BBAN (the part after country code and check digits) of each country in the SWIFT IBAN registry, as runs of
 * `n` digits, `a` upper-case letters or `c` letters-or-digits. Checking the shape, not only the length, matters:
 * mod-97 alone misses about one in 97 digit-for-letter swaps (a letter counts as two digits), and a letter where a
 * country only has digits is a typo the bank would reject. Lengths and shapes follow the registry
 * (https://www.swift.com/standards/data-standards/iban); the total length is 4 plus the sum of the runs.
 */
const BBAN_FORMATS: Readonly<Record<string, string>> = {
  AD: '4n4n12c',
  AE: '3n16n',
  AL: '8n16c',
  AT: '5n11n',
  AZ: '4a20c',
  BA: '3n3n8n2n',
  BE: '3n7n2n',
  BG: '4a4n2n8c',
  BH: '4a14c',
  BR: '8n5n10n1a1c',
  BY: '4c4n16c',
  CH: '5n12c',
  CR: '4n14n',
  CY: '3n5n16c',
  CZ: '4n6n10n',
  DE: '8n10n',
  DK: '4n9n1n',
  DO: '4c20n',
  EE: '2n2n11n1n',
  EG: '4n4n17n',
  ES: '4n4n1n1n10n',
  FI: '3n11n',
  FO: '4n9n1n',
  FR: '5n5n11c2n',
  GB: '4a6n8n',
  GE: '2a16n',
  GI: '4a15c',
  GL: '4n9n1n',
  GR: '3n4n16c',
  GT: '4c20c',
  HR: '7n10n',
  HU: '3n4n1n15n1n',
  IE: '4a6n8n',
  IL: '3n3n13n',
  IQ: '4a3n12n',
  IS: '4n2n6n10n',
  IT: '1a5n5n12c',
  JO: '4a4n18c',
  KW: '4a22c',
  KZ: '3n13c',
  LB: '4n20c',
  LC: '4a24c',
  LI: '5n12c',
  LT: '5n11n',
  LU: '3n13c',
  LV: '4a13c',
  MC: '5n5n11c2n',
  MD: '2c18c',
  ME: '3n13n2n',
  MK: '3n10c2n',
  MR: '5n5n11n2n',
  MT: '4a5n18c',
  MU: '4a2n2n12n3n3a',
  NL: '4a10n',
  NO: '4n6n1n',
  PK: '4a16c',
  PL: '8n16n',
  PS: '4a21c',
  PT: '4n4n11n2n',
  QA: '4a21c',
  RO: '4a16c',
  RS: '3n13n2n',
  SA: '2n18c',
  SC: '4a2n2n16n3a',
  SE: '3n16n1n',
  SI: '5n8n2n',
  SK: '4n6n10n',
  SM: '1a5n5n12c',
  ST: '4n4n11n2n',
  SV: '4a20n',
  TL: '3n14n2n',
  TN: '2n3n13n2n',
  TR: '5n1n16c',
  UA: '6n19c',
  VA: '3n15n',
  VG: '4a16n',
  XK: '4n10n2n',
};

const RUN_CLASS: Readonly<Record<string, string>> = { n: '[0-9]', a: '[A-Z]', c: '[A-Z0-9]' };

/** Each country's whole-BBAN pattern, built once from the table above. */
const BBAN_PATTERNS: ReadonlyMap<string, RegExp> = new Map(
  Object.entries(BBAN_FORMATS).map(([country, format]) => {
    const runs = [...format.matchAll(/(\d+)([nac])/g)].map(
      ([, n, kind]) => `${RUN_CLASS[kind ?? 'c']}{${n}}`,
    );
    return [country, new RegExp(`^${runs.join('')}$`)];
  }),
);

/** An IBAN as the machines want it: no spaces, upper case. `fr76 3000 6000…` becomes `FR763000…`. */
export function normalizeIban(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/**
 * ISO 7064 MOD 97-10 over the IBAN moved round (country and check digits at the end), letters as 10..35. Folded
 * a few digits at a time so it never leaves safe integers, whatever the length.
 */
function mod97(iban: string): number {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const code = char.charCodeAt(0);
    const value = code >= 65 ? code - 55 : code - 48;
    remainder = (remainder * (value >= 10 ? 100 : 10) + value) % 97;
  }
  return remainder;
}

/**
 * True for an IBAN of a registry country, of that country's length and shape, whose check digits hold. Spaces
 * and case are forgiven (see normalizeIban). Check digits 00, 01 and 99 are refused although 97, 98 and 02 with
 * the same remainder pass: ISO 13616 only issues 02 to 98.
 */
export function isValidIban(value: string): boolean {
  const iban = normalizeIban(value);
  const match = /^([A-Z]{2})(\d{2})([A-Z0-9]+)$/.exec(iban);
  if (!match) return false;
  const [, country = '', check = '', bban = ''] = match;
  const pattern = BBAN_PATTERNS.get(country);
  if (!pattern?.test(bban)) return false;
  if (check === '00' || check === '01' || check === '99') return false;
  return mod97(iban) === 1;
}

/**
 * A BIC (ISO 9362): 4 letters-or-digits for the institution, 2 letters for the country, 2 letters-or-digits for
 * the location, and an optional 3-character branch. The same pattern as the BICFI type of the pain.001 schema, so
 * a BIC we accept is one the bank file can carry. Spaces and case are forgiven, as for IBANs.
 */
export function isValidBic(value: string): boolean {
  return /^[A-Z0-9]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(value.replace(/\s+/g, '').toUpperCase());
}

/** Weights of the ABA checksum, repeated over the nine digits. */
const ABA_WEIGHTS = [3, 7, 1, 3, 7, 1, 3, 7, 1] as const;

/**
 * A US ABA routing number: nine digits whose weighted sum (3, 7, 1 repeated) is a multiple of 10, and whose first
 * two digits are a Federal Reserve routing symbol (00 to 12 banks, 21 to 32 thrifts, 61 to 72 electronic, 80
 * traveller's cheques), which catches a transposition the checksum can miss.
 */
export function isValidAbaRouting(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  const prefix = Number(value.slice(0, 2));
  const knownPrefix =
    prefix <= 12 || (prefix >= 21 && prefix <= 32) || (prefix >= 61 && prefix <= 72) || prefix === 80;
  if (!knownPrefix) return false;
  const sum = ABA_WEIGHTS.reduce((total, weight, i) => total + weight * Number(value[i]), 0);
  return sum % 10 === 0;
}

const HIDDEN = '••••';

/**
 * An account number fit for a screen, a mail or a log: only the last 4 characters show. An IBAN keeps its first
 * group (country and check digits, which say which country the money goes to) and always shows two hidden groups,
 * so the mask does not tell the length: `FR76 •••• •••• 2606`. Anything else, such as a US account number, is
 * `•••• 6789`. A value of 4 characters or fewer shows nothing, since its last 4 would be all of it.
 */
export function maskAccount(value: string): string {
  const account = normalizeIban(value);
  if (account.length <= 4) return HIDDEN;
  const last4 = account.slice(-4);
  if (/^[A-Z]{2}\d{2}[A-Z0-9]{5,}$/.test(account))
    return `${account.slice(0, 4)} ${HIDDEN} ${HIDDEN} ${last4}`;
  return `${HIDDEN} ${last4}`;
}

/** The paper form of an IBAN, normalised and in groups of 4: `FR14 2004 1010 0505 0001 3M02 606`. */
export function formatIban(value: string): string {
  return normalizeIban(value).replace(/(.{4})(?=.)/g, '$1 ');
}
