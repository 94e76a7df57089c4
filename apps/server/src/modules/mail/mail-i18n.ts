import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DEFAULT_LANGUAGE,
  RTL_LANGUAGES,
  SUPPORTED_LANGUAGES,
  type Language,
} from '@knotwork/shared/constants/languages';

/**
 * The e-mails' words in every language the site speaks (issue 9), from locales/{en,fr,ar}.json: a mail to an
 * account is written in the account's language. Same key layout and {{placeholder}} style as the web's files
 * (checked by packages/shared/test/locales/parity.test.ts).
 */
type Tree = { [key: string]: string | Tree };

const LOCALES_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'locales');
const texts = Object.fromEntries(
  SUPPORTED_LANGUAGES.map((language) => [
    language,
    JSON.parse(readFileSync(path.join(LOCALES_DIR, `${language}.json`), 'utf8')) as Tree,
  ]),
) as Record<Language, Tree>;

function lookup(tree: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

export type MailT = (key: string, values?: Record<string, string | number>) => string;

/** The language's text for a key with its {{placeholders}} filled; English when a text is missing; throws on an unknown key. */
export function mailT(language: Language = DEFAULT_LANGUAGE): MailT {
  return (key, values = {}) => {
    const template = lookup(texts[language], key) ?? lookup(texts[DEFAULT_LANGUAGE], key);
    if (template === undefined) throw new Error(`no mail text for ${key}`);
    return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
      name in values ? String(values[name]) : whole,
    );
  };
}

export const mailDirection = (language: Language) => (RTL_LANGUAGES.includes(language) ? 'rtl' : 'ltr');

/** Money and dates as the reader's language writes them; English keeps "$12,500.00" and "3 December 2026". Arabic uses Latin digits, as the site does. */
const intlLocale: Record<Language, string> = { en: 'en-US', fr: 'fr-FR', ar: 'ar-u-nu-latn' };
const dateLocale: Record<Language, string> = { en: 'en-GB', fr: 'fr-FR', ar: 'ar-u-nu-latn' };

export function mailMoney(cents: number, currency: string, language: Language = DEFAULT_LANGUAGE): string {
  return new Intl.NumberFormat(intlLocale[language], {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
  }).format(cents / 100);
}

export function mailDate(date: Date, language: Language = DEFAULT_LANGUAGE): string {
  return new Intl.DateTimeFormat(dateLocale[language], {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}

/** "2026-12-03 15:24 UTC" in English (as before); the language's long date and 24-hour time in UTC otherwise. */
export function mailDateTimeUtc(date: Date, language: Language = DEFAULT_LANGUAGE): string {
  if (language === 'en') return `${date.toISOString().replace('T', ' ').slice(0, 16)} UTC`;
  return new Intl.DateTimeFormat(dateLocale[language], {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'UTC',
    timeZoneName: 'short',
  }).format(date);
}

/** A notification's amount: whole dollars without cents, others with cents, in the reader's language. */
export function noticeMoney(cents: number, currency: string, language: Language = DEFAULT_LANGUAGE): string {
  return noticeFormat(intlLocale[language], currency, cents % 100 === 0).format(cents / 100);
}

// Formatters by locale, currency and whether the amount is whole: building one costs far more than using it, and
// every outbid notice formats an amount (issue 30's profile, decision 100). A handful of entries at most.
const noticeFormats = new Map<string, Intl.NumberFormat>();
export function noticeFormat(locale: string, currency: string, whole: boolean): Intl.NumberFormat {
  const key = `${locale}|${currency}|${whole}`;
  let format = noticeFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: whole ? 0 : 2,
    });
    noticeFormats.set(key, format);
  }
  return format;
}
