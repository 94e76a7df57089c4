import type { Language } from '@knotwork/shared/constants/languages';
import type { PrintedKind } from '@knotwork/shared/schemas/printed-catalogues';
import { countryNameIn } from '@knotwork/shared/addresses/formats';
import { mailT } from '../mail/mail-i18n.ts';
import type { Block } from '../commerce/documents/document-blocks.ts';
import type { HouseIdentity } from '../commerce/documents/documents-repository.ts';
import { documentDate, documentFrame, documentMoney } from '../commerce/documents/pdf-writer.ts';
import type { PdfDocument } from '../commerce/documents/document-blocks.ts';
import { num } from '../../db/raw.ts';
import type { PrintedLot, PrintedSale } from './repository.ts';

/** What a catalogue prints, gathered by the service: the sale, its lots and the pictures' file names (or none). */
export interface CatalogueInput {
  kind: PrintedKind;
  language: Language;
  currency: string;
  house: HouseIdentity;
  /** The house's own conditions of sale in this language (Settings), or empty for the standard summary. */
  conditions: string;
  sale: PrintedSale;
  lots: readonly PrintedLot[];
  /** The picture file of each lot (same index), as handed to the renderer, or null. */
  pictures: readonly (string | null)[];
  cover: string | null;
}

const BIDI = /[\u200E\u200F\u061C\u202A-\u202E\u2066-\u2069]/g;
/** An estimate in whole units ("€1,200"), as catalogues print them. */
function wholeMoney(cents: number, currency: string, language: Language): string {
  const locale = language === 'ar' ? 'ar-u-nu-latn' : language === 'fr' ? 'fr-FR' : 'en-US';
  return new Intl.NumberFormat(locale, { style: 'currency', currency, maximumFractionDigits: 0 })
    .format(cents / 100)
    .replace(BIDI, '')
    .replace(/\u202F|\u00A0/g, ' ');
}

/**
 * The sale's catalogue (issue 29 §3): a cover with the sale's title, dates, the house and its picture; the
 * introduction (the sale's description); every lot with its picture, title, origin, size and estimate; the conditions
 * of sale; an absentee bid form at the back. The realised prices list every lot with its hammer price instead.
 */
export function catalogueDocument(c: CatalogueInput): PdfDocument {
  const { language, sale } = c;
  const t = mailT(language);
  const k = (key: string, values?: Record<string, string | number>) => t(`printedCatalogue.${key}`, values);
  const whole = (cents: number) => wholeMoney(cents, c.currency, language);
  const dates =
    sale.type === 'live'
      ? k('liveSale', { date: documentDate(sale.starts_at, language) })
      : k('dates', {
          from: documentDate(sale.starts_at, language),
          to: documentDate(sale.ends_at, language),
        });
  const title = c.kind === 'catalogue' ? k('catalogue') : k('realised');
  const origin = (l: PrintedLot) =>
    [l.origin_region, countryNameIn(l.origin_country, language)].filter(Boolean).join(', ');
  const blocks: Block[] = [
    {
      kind: 'cover',
      house: c.house.name,
      title: sale.title,
      lines: [title, dates],
      ...(c.cover ? { image: c.cover } : {}),
    },
  ];

  if (c.kind === 'realised') {
    const sold = c.lots.filter((l) => l.outcome === 'sold' && l.hammer_price !== null);
    blocks.push(
      { kind: 'heading', text: k('realised'), size: 16 },
      { kind: 'text', text: k('realisedIntro'), size: 9, color: '#555555' },
      { kind: 'text', text: k('soldCount', { sold: sold.length, total: c.lots.length }), size: 9 },
      {
        kind: 'table',
        size: 9,
        columns: [
          { label: k('col.lot'), width: 0 },
          { label: k('col.title'), width: 3 },
          { label: k('col.estimate'), width: 1.4, end: true },
          { label: k('col.hammer'), width: 1.2, end: true },
        ],
        rows: c.lots.map((l) => [
          String(num(l.lot_number)),
          l.title,
          `${whole(num(l.estimate_low))} – ${whole(num(l.estimate_high))}`,
          l.status === 'withdrawn'
            ? k('withdrawn')
            : l.outcome === 'sold' && l.hammer_price !== null
              ? { text: documentMoney(num(l.hammer_price), c.currency, language), bold: true }
              : k('unsold'),
        ]),
      },
    );
    return documentFrame(
      language,
      {
        title: `${sale.title} · ${title}`,
        author: c.house.name,
        footer: `${sale.title} · ${title}`,
        coverPage: true,
      },
      blocks,
    );
  }

  if (sale.description.trim())
    blocks.push(
      { kind: 'heading', text: k('introduction'), size: 16 },
      {
        kind: 'paragraphs',
        paragraphs: sale.description
          .split(/\n\s*\n/)
          .map((p) => p.trim())
          .filter(Boolean),
        size: 10,
      },
      { kind: 'pagebreak' },
    );
  blocks.push({ kind: 'heading', text: k('lots'), size: 16 });
  if (!c.lots.length) blocks.push({ kind: 'text', text: k('none') });
  c.lots.forEach((l, i) => {
    const picture = c.pictures[i];
    blocks.push({
      kind: 'lot',
      number: k('lot', { lot: num(l.lot_number) }),
      title: l.title,
      lines: [
        k('origin', { origin: origin(l) }),
        k('size', { width: num(l.width_cm), length: num(l.length_cm) }),
        ...(l.circa_year ? [k('circa', { year: l.circa_year })] : []),
      ],
      estimate: {
        label: k('estimateLabel'),
        range: `${whole(num(l.estimate_low))} – ${whole(num(l.estimate_high))}`,
      },
      ...(l.status === 'withdrawn' ? { result: k('withdrawn') } : {}),
      ...(l.description.trim() ? { description: l.description.trim().slice(0, 600) } : {}),
      ...(picture ? { image: picture } : {}),
      noPicture: k('noPicture'),
    });
  });

  blocks.push(
    { kind: 'pagebreak' },
    { kind: 'heading', text: k('conditions'), size: 14 },
    ...(c.conditions.trim()
      ? houseConditions(c.conditions)
      : conditions(k, num(sale.buyers_premium_pct), language)),
    { kind: 'pagebreak' },
    ...absenteeForm(k, c, whole),
  );
  return documentFrame(
    language,
    {
      title: `${sale.title} · ${title}`,
      author: c.house.name,
      footer: `${sale.title} · ${c.house.name}`,
      coverPage: true,
    },
    blocks,
  );
}

type K = (key: string, values?: Record<string, string | number>) => string;

/** The conditions of sale in summary, numbered; the buyer's premium is the sale's. */
function conditions(k: K, premiumPct: number, language: Language): Block[] {
  const pct = premiumPct.toLocaleString(language === 'fr' ? 'fr-FR' : 'en-US');
  return ['premium', 'estimates', 'condition', 'payment', 'absentee'].map((key, i) => ({
    kind: 'text',
    text: `${i + 1}. ${k(`condition.${key}`, { pct })}`,
    size: 9,
    above: 6,
  }));
}

/** The house's own conditions, as written in Settings: paragraphs split on blank lines, printed as text. */
function houseConditions(text: string): Block[] {
  return [
    {
      kind: 'paragraphs',
      paragraphs: text
        .split(/\n\s*\n/)
        .map((p) => p.trim())
        .filter(Boolean),
      size: 9,
    },
  ];
}

/** The absentee bid form: the house and the bidder, a row per lot to write a maximum in, the conditions' reminder. */
function absenteeForm(k: K, c: CatalogueInput, whole: (cents: number) => string): Block[] {
  const address = c.house.address
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  return [
    {
      kind: 'letterhead',
      house: c.house.name,
      houseLines: address,
      title: k('absentee'),
      lines: [c.sale.title],
    },
    { kind: 'text', text: k('absenteeIntro'), size: 9, above: 8 },
    {
      kind: 'table',
      size: 9,
      rowInset: 7,
      columns: [
        { label: k('name'), width: 1 },
        { label: k('paddle'), width: 1 },
      ],
      rows: [
        ['', ''],
        [k('phone'), k('email')].map((label) => ({ text: label, size: 8, color: '#555555' })),
        ['', ''],
      ],
    },
    {
      kind: 'table',
      size: 9,
      rowInset: 6,
      columns: [
        { label: k('col.lot'), width: 0 },
        { label: k('col.title'), width: 3 },
        { label: k('col.estimate'), width: 1.4, end: true },
        { label: k('col.max'), width: 1.3 },
      ],
      rows: c.lots
        .filter((l) => l.status !== 'withdrawn')
        .map((l) => [
          String(num(l.lot_number)),
          l.title,
          `${whole(num(l.estimate_low))} – ${whole(num(l.estimate_high))}`,
          '',
        ]),
    },
    { kind: 'text', text: k('condition.absentee'), size: 8, color: '#555555', above: 8 },
    { kind: 'signatures', parties: [{ heading: '', labels: [k('signature'), k('date')] }] },
  ];
}
