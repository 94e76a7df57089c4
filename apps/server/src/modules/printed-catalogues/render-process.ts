import { fork } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PdfDocument } from '../commerce/documents/document-blocks.ts';
import type { DocumentFiles } from '../commerce/documents/typst-engine.ts';

// Below the server, like the demo pictures' renderer (decision 078): bids and pages come first on a busy machine.
const RENDERER_NICE = 10;
const ENTRY = path.join(path.dirname(fileURLToPath(import.meta.url)), 'render-worker.ts');

/**
 * A catalogue's PDF laid out in a child process (decision 094): Typst's layout is synchronous native code, seconds
 * for 300 lots, and in the server's own thread it would hold every bid and page for that long. The child takes the
 * document and its pictures, answers the PDF and exits; one that dies rejects.
 */
export function renderInChildProcess(doc: PdfDocument, files: DocumentFiles): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = fork(ENTRY, [], {
      execArgv: ['--import', 'tsx'],
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    try {
      if (child.pid) os.setPriority(child.pid, RENDERER_NICE);
    } catch {
      // Not allowed here: the child runs at the server's priority.
    }
    let settled = false;
    child.on('message', (m: { pdf?: Uint8Array; error?: string }) => {
      settled = true;
      if (m.pdf) resolve(Buffer.from(m.pdf.buffer, m.pdf.byteOffset, m.pdf.byteLength));
      else reject(new Error(m.error ?? 'the catalogue renderer answered nothing'));
    });
    child.on('error', (err) => {
      if (!settled) reject(err);
      settled = true;
    });
    child.on('exit', (code, signal) => {
      if (!settled) reject(new Error(`the catalogue renderer stopped (${signal ?? code})`));
      settled = true;
    });
    child.send({ doc, files: [...files] });
  });
}
