import { renderDocument } from '../commerce/documents/typst-engine.ts';
import type { PdfDocument } from '../commerce/documents/document-blocks.ts';

/**
 * The child process a catalogue is laid out in (render-process.ts): one document, then it exits. Typst holds the
 * thread for seconds on a 300-lot catalogue; here that thread is not the server's.
 */
process.once('message', (m: { doc: PdfDocument; files: [string, Uint8Array][] }) => {
  try {
    const pdf = renderDocument(m.doc, new Map(m.files.map(([name, data]) => [name, Buffer.from(data)])));
    process.send!({ pdf: new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.length) }, () => process.exit(0));
  } catch (err) {
    process.send!({ error: err instanceof Error ? err.message : String(err) }, () => process.exit(0));
  }
});
