import type { Language } from '@knotwork/shared/constants/languages';
import { mailT } from '../../mail/mail-i18n.ts';
import { PAGE, renderPdf, type PdfWriter } from '../../commerce/documents/pdf-writer.ts';

// A4 is 841.89 points high and the writer's margins are 50: rows stop above the footer, which sits in the margin.
const PAGE_HEIGHT = 841.89;
const FLOW_BOTTOM = PAGE_HEIGHT - 50 - 14;
const FOOTER_Y = PAGE_HEIGHT - 50 + 12;

/**
 * Page breaks for documents longer than a page (a consignor's statement of sixty lots). pdfkit starts a page by
 * itself only inside one text call, which would split a table row across pages and leave its amounts behind, so
 * each row asks for its height first; a new page repeats a running line and the current table's header, and every
 * page carries "Page n of N" and the document's reference at its foot.
 */
export class PageFlow {
  page = 1;
  /** Redraws the header of the table being printed at the top of a new page; null between tables. */
  onNewPage: (() => void) | null = null;

  constructor(
    private readonly w: PdfWriter,
    private readonly language: Language,
    /** The pages of the finished document; null on the counting pass. */
    private readonly total: number | null,
    /** Who and what the document is ("Statement S-2026-0004 · Hélène Dupont"): the foot and the running line. */
    private readonly reference: string,
  ) {}

  /** Room for `height` more points on this page, else the next page. */
  need(height: number): void {
    if (this.w.y + height <= FLOW_BOTTOM) return;
    this.footer();
    this.w.doc.addPage();
    this.page += 1;
    this.w.text(this.reference, { size: 8, color: '#666' });
    this.w.rule();
    this.w.gap(0.3);
    this.onNewPage?.();
  }

  /** The last page's foot; call once when the document is drawn. */
  finish(): void {
    this.footer();
  }

  private footer(): void {
    const { doc } = this.w;
    const y = this.w.y;
    // Text below the bottom margin would make pdfkit start a page of its own; the foot is drawn with none.
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const t = mailT(this.language);
    const pages = t('consignorDocuments.page', { page: this.page, total: this.total ?? this.page });
    this.w.text(this.reference, { size: 7.5, color: '#777', y: FOOTER_Y, width: PAGE.width - 110 });
    this.w.text(pages, {
      size: 7.5,
      color: '#777',
      y: FOOTER_Y,
      x: PAGE.right - 100,
      width: 100,
      align: 'end',
    });
    doc.page.margins.bottom = margin;
    this.w.y = y;
  }
}

/**
 * `renderPdf` drawn twice: once to count the pages, once to print "of N" on each. The drawing is a pure function of
 * its input, so both passes break pages at the same rows; pdfkit cannot go back to an earlier page unless the whole
 * document is buffered, which the shared writer does not ask for.
 */
export async function renderPagedPdf(
  meta: { title: string; author: string },
  language: Language,
  reference: string,
  draw: (w: PdfWriter, flow: PageFlow) => void,
): Promise<Buffer> {
  let pages = 1;
  await renderPdf(
    meta,
    (w) => {
      const flow = new PageFlow(w, language, null, reference);
      draw(w, flow);
      flow.finish();
      pages = flow.page;
    },
    language,
  );
  return renderPdf(
    meta,
    (w) => {
      const flow = new PageFlow(w, language, pages, reference);
      draw(w, flow);
      flow.finish();
    },
    language,
  );
}
