import type { FastifyBaseLogger } from 'fastify';
import type { Readable } from 'node:stream';
import type { Language } from '@knotwork/shared/constants/languages';
import {
  printedCatalogueMessages as m,
  type AdminPrinted,
  type PrintedKind,
  type PrintedStatus,
} from '@knotwork/shared/schemas/printed-catalogues';
import type { Db } from '../../db/client.ts';
import type { MediaStorage } from '../../media/storage/index.ts';
import type { MediaImageRow } from '../../db/schema/media.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import { houseIdentity } from '../commerce/documents/documents-repository.ts';
import { catalogueDocument } from './catalogue-document.ts';
import { renderInChildProcess } from './render-process.ts';
import { createPrintedCatalogueRepository, type PrintedKey, type PrintedRow } from './repository.ts';

// A catalogue picture: the largest JPEG the media pipeline made that is at most this wide (about 6 cm at 300 dpi
// would want more; 640 px keeps a 300-lot catalogue near 20 MB and prints sharp at the size it is shown).
const PICTURE_WIDTH = 640;
const COVER_WIDTH = 1280;
// Progress is written every few lots: staff see it move without a write per lot.
const PROGRESS_EVERY = 10;

const pickJpeg = (variants: MediaImageRow['variants'] | null, max: number) => {
  const jpegs = (variants ?? []).filter((v) => v.format === 'jpeg').sort((a, b) => a.width - b.width);
  return [...jpegs].reverse().find((v) => v.width <= max) ?? jpegs[0];
};

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export interface PrintedCatalogueDeps {
  db: Db;
  storage: MediaStorage;
  currency: string;
  log: FastifyBaseLogger;
}

/**
 * A sale's printed catalogue and realised prices (issue 29 §3, decision 094). Asking for one answers where it stands
 * and queues it when the sale changed since the last file; the scheduler's job (`renderDue`) makes queued ones one
 * at a time per process, rows claimed `for update skip locked` so no two processes make the same document.
 */
export function createPrintedCatalogueService(deps: PrintedCatalogueDeps) {
  const repo = createPrintedCatalogueRepository(deps.db);
  let running: Promise<number> | null = null;

  const url = (sale: string, kind: PrintedKind, language: Language) =>
    `/rug/upcoming/${encodeURIComponent(sale)}/printed/${kind}/pdf?lang=${language}`;

  const statusOf = (row: PrintedRow, version: string, saleSlug: string): PrintedStatus => {
    const current = row.file_version === version && row.storage_key !== null;
    return {
      kind: row.kind,
      language: row.language,
      state: current ? 'ready' : row.status === 'failed' && row.version === version ? 'failed' : 'producing',
      lotsDone: row.lots_done,
      lotsTotal: row.lots_total,
      url: current ? url(saleSlug, row.kind, row.language) : null,
      sizeBytes: current ? row.size_bytes : null,
      producedAt: current ? row.finished_at : null,
    };
  };

  /** The sale, public and (for the realised prices) over; the version of its content now; the row, queued if stale. */
  async function ensure(idOrSlug: string, kind: PrintedKind, language: Language) {
    const sale = await repo.sale(idOrSlug);
    if (!sale || sale.draft) throw notFound(m.saleNotFound);
    if (kind === 'realised' && !sale.over) throw conflict(m.noResults);
    const version = await repo.contentVersion(sale.id, kind);
    const row = await repo.request({ auction_id: sale.id, kind, language }, version);
    return { sale, version, row };
  }

  async function render(row: PrintedRow): Promise<void> {
    const key: PrintedKey = row;
    const version = row.version;
    try {
      const sale = await repo.sale(row.auction_id);
      if (!sale) return;
      const [lots, house, conditions] = await Promise.all([
        repo.lots(sale.id),
        houseIdentity(deps.db),
        repo.conditionsOfSale(row.language),
      ]);
      const files = new Map<string, Buffer>();
      const read = async (variants: MediaImageRow['variants'] | null, max: number, name: string) => {
        const variant = pickJpeg(variants, max);
        if (!variant) return null;
        const found = await deps.storage.get(variant.path).catch(() => undefined);
        if (!found) return null;
        files.set(name, await readAll(found.body));
        return name;
      };
      const cover = await read(sale.cover_variants, COVER_WIDTH, 'cover.jpg');
      const pictures: (string | null)[] = [];
      await repo.progress(key, 0, lots.length);
      for (const [i, lot] of lots.entries()) {
        // The realised prices print no pictures.
        pictures.push(
          row.kind === 'catalogue' ? await read(lot.variants, PICTURE_WIDTH, `lot-${i}.jpg`) : null,
        );
        if ((i + 1) % PROGRESS_EVERY === 0) await repo.progress(key, i + 1, lots.length);
      }
      const pdf = await renderInChildProcess(
        catalogueDocument({
          kind: row.kind,
          language: row.language,
          currency: deps.currency,
          house,
          conditions,
          sale,
          lots,
          pictures,
          cover,
        }),
        files,
      );
      const storageKey = `printed/${sale.id}/${row.kind}-${row.language}-${version}.pdf`;
      await deps.storage.put(storageKey, pdf, 'application/pdf');
      const old = await repo.finish(key, version, { key: storageKey, size: pdf.length });
      if (old) await deps.storage.remove(old).catch(() => undefined);
    } catch (err) {
      deps.log.error({ err, sale: row.auction_id, kind: row.kind }, 'printed catalogue failed');
      await repo.fail(key, version, err instanceof Error ? err.message : String(err));
    }
  }

  return {
    /** Where the document stands for a reader; queues it when there is none of the sale as it is now. */
    async status(idOrSlug: string, kind: PrintedKind, language: Language): Promise<PrintedStatus> {
      const { sale, version, row } = await ensure(idOrSlug, kind, language);
      return statusOf(row, version, sale.slug);
    },

    /** The file, when one of the sale as it is now is ready; 409 while it is being made. */
    async download(idOrSlug: string, kind: PrintedKind, language: Language) {
      const { sale, version, row } = await ensure(idOrSlug, kind, language);
      if (row.file_version !== version || !row.storage_key) throw conflict(m.notReady);
      const found = await deps.storage.get(row.storage_key);
      if (!found) throw conflict(m.notReady);
      return { body: found.body, size: found.size, filename: `${sale.slug}-${kind}-${language}.pdf` };
    },

    /** Staff: every document of the sale with its progress. */
    async list(auctionId: string): Promise<AdminPrinted[]> {
      const sale = await repo.sale(auctionId);
      if (!sale) throw notFound(m.saleNotFound);
      const versions = new Map<PrintedKind, string>();
      for (const kind of ['catalogue', 'realised'] as const)
        versions.set(kind, await repo.contentVersion(sale.id, kind));
      return (await repo.list(sale.id)).map((row) => {
        const version = versions.get(row.kind)!;
        return {
          ...statusOf(row, version, sale.slug),
          // Progress shows while a render runs, even when an older file is still the one served.
          ...(row.status === 'rendering' || row.status === 'queued' ? { state: 'producing' as const } : {}),
          current: row.file_version === version,
          requestedAt: row.requested_at,
          error: row.status === 'failed' ? row.error : null,
        };
      });
    },

    /**
     * The job: makes the waiting documents, one after another, until none is left; returns how many. One run at a
     * time per process (a second call joins the first).
     */
    renderDue(): Promise<number> {
      running ??= (async () => {
        let n = 0;
        try {
          for (let row = await repo.claimNext(); row; row = await repo.claimNext()) {
            await render(row);
            n += 1;
          }
        } finally {
          running = null;
        }
        return n;
      })();
      return running;
    },
  };
}
export type PrintedCatalogueService = ReturnType<typeof createPrintedCatalogueService>;
