import type { Language } from '@knotwork/shared/constants/languages';
import { mailT } from '../../mail/mail-i18n.ts';
import { directionOf, type Block, type PdfDocument } from './document-blocks.ts';
import { DEFAULT_HOUSE, type HouseIdentity } from './documents-repository.ts';

/**
 * What every document shares: its frame (metadata, direction, the running foot) and the house's letterhead, laid
 * out by Typst (typst-engine.ts, decision 094). Typst orders Arabic and Latin runs itself (the Unicode bidi
 * algorithm), so the words go in as they read.
 */

// Bidi controls from Intl's output: DejaVu has no glyph for them, and Typst orders the runs itself.
const BIDI_CONTROLS = /[\u200E\u200F\u061C\u202A-\u202E\u2066-\u2069]/g;

/** A document in the reader's language: title and author for its metadata, the foot of every page, its blocks. */
export function documentFrame(
  language: Language,
  meta: { title: string; author: string; footer?: string; coverPage?: boolean },
  blocks: Block[],
): PdfDocument {
  return {
    title: meta.title,
    author: meta.author,
    lang: language,
    dir: directionOf(language),
    ...(meta.footer === undefined
      ? {}
      : {
          footer: meta.footer,
          pageOf: mailT(language)('consignorDocuments.page', { page: '{{page}}', total: '{{pages}}' }),
        }),
    ...(meta.coverPage ? { coverPage: true } : {}),
    blocks,
  };
}

/** The house's name, address and tax number at the top of every document (Settings; decision 073). */
export function letterhead(
  house: HouseIdentity,
  language: Language,
  heading: { title: string; lines: string[] },
): Block {
  const t = mailT(language);
  const address = house.address
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  return {
    kind: 'letterhead',
    house: house.name || DEFAULT_HOUSE.name,
    houseLines: [
      ...address,
      ...(house.taxNumber ? [t('documents.taxNumber', { number: house.taxNumber })] : []),
    ],
    title: heading.title,
    lines: heading.lines,
  };
}

/** Money on documents: always with cents, Latin digits in every language ("1 312,50 $US", "US$ 1,312.50"). */
export function documentMoney(cents: number, currency: string, language: Language): string {
  const locale = language === 'ar' ? 'ar-u-nu-latn' : language === 'fr' ? 'fr-FR' : 'en-US';
  return new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: 2 })
    .format(cents / 100)
    .replace(BIDI_CONTROLS, '')
    .replace(/\u202F|\u00A0/g, ' ');
}

/** A date on documents, in the reader's language, Latin digits. */
export function documentDate(iso: string, language: Language): string {
  const locale = language === 'ar' ? 'ar-u-nu-latn' : language === 'fr' ? 'fr-FR' : 'en-GB';
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })
    .format(new Date(iso))
    .replace(BIDI_CONTROLS, '');
}
