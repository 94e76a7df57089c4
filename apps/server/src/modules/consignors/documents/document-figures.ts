import type { Language } from '@knotwork/shared/constants/languages';

/**
 * Figures on a consignor's documents beside `documentMoney` (commerce/documents/pdf-writer.ts), in the same locales:
 * Latin digits in every language, no bidi marks (the PDF writer orders runs itself), plain spaces for the narrow
 * no-break spaces French groups digits with, which the font draws as gaps of another width.
 */
const LOCALE: Record<Language, string> = { en: 'en-US', fr: 'fr-FR', ar: 'ar-u-nu-latn' };
const BIDI_CONTROLS = /[\u200E\u200F\u061C\u202A-\u202E\u2066-\u2069]/g;
const clean = (s: string) => s.replace(BIDI_CONTROLS, '').replace(/\u202F|\u00A0/g, ' ');

/**
 * An amount in a dense table whose header names the currency once ("12,500.00", "12 500,00"): eight money columns
 * with a currency sign each do not fit across a portrait page in French. `signed` writes "+600.00" too, for the
 * parts of a correction, which move the balance either way.
 */
export function tableAmount(cents: number, language: Language, signed = false): string {
  return clean(
    new Intl.NumberFormat(LOCALE[language], {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      signDisplay: signed ? 'exceptZero' : 'auto',
    }).format(cents / 100),
  );
}

/** A rate in basis points as the language writes a percentage: "12.5%", "12,5 %". */
export function documentPercent(rateBps: number, language: Language): string {
  return clean(
    new Intl.NumberFormat(LOCALE[language], { style: 'percent', maximumFractionDigits: 2 }).format(
      rateBps / 10_000,
    ),
  );
}

/**
 * A short phrase kept on one line ("Insurance 277.50", "Assurance 1 142,50"): no-break spaces, so a list of them
 * joined with " · " wraps between items, never between a label and its amount or inside a French amount.
 */
export const unbroken = (phrase: string): string => phrase.replace(/ /g, '\u00A0');
