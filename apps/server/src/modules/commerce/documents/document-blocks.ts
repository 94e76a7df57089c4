import { RTL_LANGUAGES, type Language } from '@knotwork/shared/constants/languages';

/**
 * What a PDF says, as data: the blocks document-template.ts lays out, top to bottom (decision 094). Renderers build
 * these from the invoice, the statement or the sale; they never write Typst. Sizes are points, colours `#rrggbb`.
 */
export interface Styled {
  size?: number;
  bold?: boolean;
  color?: string;
}

/** A table cell: plain text, or text with smaller lines under it (a rug's sale, its fees). */
export type Cell = string | (Styled & { text: string; detail?: string[] });

export interface Column {
  label: string;
  /** A share of the free width (default 1), 0 for as wide as its content, or fixed points. */
  width?: number | { pt: number };
  /** Against the column's end (right in English, left in Arabic), as amounts are. */
  end?: boolean;
}

export type Block =
  | { kind: 'letterhead'; house: string; houseLines: string[]; title: string; lines: string[] }
  | (Styled & { kind: 'text'; text: string; indent?: number; end?: boolean; above?: number })
  | (Styled & { kind: 'lines'; lines: string[]; indent?: number })
  | (Styled & { kind: 'paragraphs'; paragraphs: string[] })
  | { kind: 'heading'; text: string; size?: number }
  | { kind: 'rule'; color?: string }
  | { kind: 'gap'; size: number }
  | { kind: 'pagebreak' }
  | { kind: 'columns'; columns: Block[][] }
  /** Label and amount rows; `width` (percent of the page) set against the end, as totals are. */
  | { kind: 'rows'; width?: number; rows: (Styled & { label: string; amount: string; indent?: number })[] }
  | {
      kind: 'table';
      columns: Column[];
      rows: Cell[][];
      footer?: Cell[];
      size?: number;
      /** False for a table of label and value without a header row or rules (the agreement's terms). */
      header?: boolean;
      /** Space above and below each row's text: a form's rows are tall enough to write in. */
      rowInset?: number;
    }
  /** Label and value pairs, each label run in before its value (an agreement's terms). */
  | { kind: 'terms'; size?: number; terms: { label: string; value: string }[] }
  | { kind: 'signatures'; parties: { heading: string; labels: string[] }[] }
  /** A catalogue's cover; `image` names a file handed to the renderer. */
  | { kind: 'cover'; house: string; title: string; lines: string[]; image?: string }
  /** A catalogue's lot: its picture (or the words for none) beside its number, title, details and estimate. */
  | {
      kind: 'lot';
      number: string;
      title: string;
      lines: string[];
      estimate?: { label: string; range: string };
      result?: string;
      description?: string;
      image?: string;
      noPicture: string;
    };

/** A whole document: its metadata, the running foot of every page, and its blocks. */
export interface PdfDocument {
  title: string;
  author: string;
  lang: Language;
  dir: 'ltr' | 'rtl';
  /** The running foot ("Statement S-4 · Hélène Dupont") with "Page {{page}} of {{pages}}" in the reader's words. */
  footer?: string;
  pageOf?: string;
  /** The first page (a cover) carries no foot. */
  coverPage?: boolean;
  blocks: Block[];
}

export const directionOf = (language: Language): 'ltr' | 'rtl' =>
  (RTL_LANGUAGES as readonly string[]).includes(language) ? 'rtl' : 'ltr';
