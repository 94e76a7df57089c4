import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { NodeCompiler } from '@myriaddreamin/typst-ts-node-compiler';
import type { PdfDocument } from './document-blocks.ts';
import { DOCUMENT_TEMPLATE } from './document-template.ts';

/**
 * Every PDF the product makes is laid out by Typst (decision 094), in process through its Node binding: it shapes
 * Arabic (joined letter forms, lam-alef) and orders mixed Arabic and Latin text by the Unicode bidi algorithm, which
 * pdfkit could not. DejaVu Sans (apps/server/assets/fonts, licence beside it) covers Latin with every accent and
 * Arabic; its Arabic sits on the baseline, so a PDF reader's copy and search (and pdftotext) get the words whole.
 */
const FONTS = ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf'].map((name) =>
  readFileSync(fileURLToPath(new URL(`../../../../assets/fonts/${name}`, import.meta.url))),
);
// A folder that exists nowhere: the program and its files are all in memory ("shadow" files), never on disk.
const ROOT = '/knotwork-documents';

let compiler: NodeCompiler | undefined;
const theCompiler = () =>
  (compiler ??= NodeCompiler.create({ workspace: ROOT, fontArgs: [{ fontBlobs: FONTS }] }));

/** A file the document shows (a lot's picture), by the name its blocks give. */
export type DocumentFiles = ReadonlyMap<string, Buffer>;

export class DocumentRenderError extends Error {}

/**
 * The PDF of a document. Synchronous inside (the compiler is native and holds the thread while it lays out: a few
 * milliseconds for an invoice, longer for a catalogue, which runs as a background job); one compile at a time per
 * process, so the shadow files of two documents never mix.
 */
export function renderDocument(doc: PdfDocument, files: DocumentFiles = new Map()): Buffer {
  const c = theCompiler();
  c.resetShadow();
  try {
    c.mapShadow(`${ROOT}/doc.json`, Buffer.from(JSON.stringify(doc)));
    for (const [name, data] of files) c.mapShadow(`${ROOT}/files/${name}`, data);
    const result = c.compile({ mainFileContent: DOCUMENT_TEMPLATE });
    const error = result.takeError();
    if (error || !result.result) {
      const diagnostics = error ? c.fetchDiagnostics(error) : [];
      throw new DocumentRenderError(`PDF layout failed: ${JSON.stringify(diagnostics).slice(0, 2000)}`);
    }
    return c.pdf(result.result);
  } finally {
    c.resetShadow();
    // Keeps the compiler's memo cache from growing with every document a long-running server prints.
    c.evictCache(10);
  }
}

/** `renderDocument` as the renderers' promise (their callers await; a failure rejects). */
export function renderDocumentAsync(doc: PdfDocument, files?: DocumentFiles): Promise<Buffer> {
  try {
    return Promise.resolve(renderDocument(doc, files));
  } catch (err) {
    return Promise.reject(err instanceof Error ? err : new Error(String(err)));
  }
}
