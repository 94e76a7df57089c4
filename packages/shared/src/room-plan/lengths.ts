import { CM_PER_INCH, cmToFeetInches } from '../constants/catalogue.ts';

/**
 * Lengths a buyer types for their room and furniture (issue 14.4), in centimetres or feet and inches. The plan
 * computes in centimetres; only what is typed and shown goes through here.
 */
export type LengthUnit = 'cm' | 'ftIn';

export const CM_PER_FOOT = CM_PER_INCH * 12;

/** 381 -> "12'6\"": feet and whole inches, the way the rest of the site writes sizes. */
export const formatFeetInches = cmToFeetInches;

/** A length as an input shows it: whole centimetres ("381") or feet and inches ("12'6\""). */
export function formatLengthInput(cm: number, unit: LengthUnit): string {
  return unit === 'cm' ? String(Math.round(cm)) : formatFeetInches(cm);
}

const NUMBER = String.raw`(\d+(?:[.,]\d+)?)`;
// Feet then optional inches, each with its mark: 12' 6", 12ft 6in, 12 feet 6 inches, 12'6, 12′6″, 12' or 6".
const FEET_INCHES = new RegExp(
  String.raw`^(?:${NUMBER}\s*(?:'|′|’|ft\.?|feet|foot))?\s*(?:${NUMBER}\s*(?:"|″|”|''|in\.?|inch|inches)?)?$`,
  'i',
);

const toNumber = (text: string) => Number(text.replace(',', '.'));

/**
 * The centimetres a typed length means, or null when it is not one. Centimetres: a plain number ("381",
 * "381 cm", "381,5"). Feet and inches: "12' 6\"", "12'6", "12 ft 6 in", "12.5'", or a bare number, read as feet
 * ("12.5"), since that is how people size rooms. Inches of 12 or more after feet are refused ("12' 14\"").
 */
export function parseLength(text: string, unit: LengthUnit): number | null {
  const value = text.trim().replace(/\s+/g, ' ');
  if (!value) return null;
  if (unit === 'cm') {
    const match = new RegExp(String.raw`^${NUMBER}\s*(?:cm)?$`, 'i').exec(value);
    return match?.[1] ? toNumber(match[1]) : null;
  }
  const bare = new RegExp(String.raw`^${NUMBER}$`).exec(value);
  if (bare?.[1]) return toNumber(bare[1]) * CM_PER_FOOT;
  const match = FEET_INCHES.exec(value);
  if (!match || (match[1] === undefined && match[2] === undefined)) return null;
  const feet = match[1] === undefined ? 0 : toNumber(match[1]);
  const inches = match[2] === undefined ? 0 : toNumber(match[2]);
  if (match[1] !== undefined && inches >= 12) return null;
  return feet * CM_PER_FOOT + inches * CM_PER_INCH;
}
