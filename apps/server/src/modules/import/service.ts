import type { FastifyBaseLogger } from 'fastify';
import { adminLotCreateSchema, adminMessages } from '@knotwork/shared/schemas/sales-staff';
import {
  LOT_IMPORT_COLUMNS,
  LOT_IMPORT_OPTIONAL,
  RUG_IMPORT_COLUMNS,
  RUG_IMPORT_OPTIONAL,
  importMessages as m,
  type ImportJob,
  type ImportKind,
  type ImportPreview,
  type ImportPreviewRow,
  type ImportRowError,
} from '@knotwork/shared/schemas/import-staff';
import { adminRugCreateSchema, type AdminRugCreate } from '@knotwork/shared/schemas/catalogue-staff';
import type { Db } from '../../db/client.ts';
import { conflict, HttpError, notFound } from '../../lib/http-error.ts';
import { createAdminAuctionRepository, refusalOf } from '../sales/staff-repository.ts';
import { recordStaffAction } from '../audit/audit-writer.ts';
import type { AdminAuctionService } from '../sales/staff-service.ts';
import type { ConsignorService } from '../consignors/service.ts';
import { createAdminRugRepository } from '../catalogue/rug-staff-repository.ts';
import { slugify } from '../../lib/slugify.ts';
import type { MediaService } from '../media/index.ts';
import {
  centsCell,
  importKey,
  listCell,
  numberCell,
  readCsv,
  vocabularyCell,
  vocabularyListCell,
  type CsvRow,
} from './csv.ts';
import { createImportRepository } from './repository.ts';
import { openPhotoZip, type PhotoZip } from './zip.ts';

/** A consignor reference that names no consignor, as a row error of the `consignor` column. */
const CONSIGNOR_REFUSALS = {
  unknown: m.consignorUnknown,
  ambiguous: m.consignorAmbiguous,
  archived: m.consignorArchived,
} as const;

/** Rows written per transaction: small enough that the progress bar moves, large enough to stay quick. */
export const IMPORT_BATCH = 25;

interface PlannedRow<T> extends ImportPreviewRow {
  input: T | null;
  photos: string[];
  /** The consignor whose receipt the new rug joins (the rugs CSV's optional `consignor` column). */
  consignorId?: string | null;
}

/** The rug editor's fields from a CSV row; cells that are not numbers reach the schema as text and fail there. */
function rugInput(c: Record<string, string>): Record<string, unknown> {
  return {
    title: c.title ?? '',
    description: c.description ?? '',
    originCountry: c.originCountry ?? '',
    originRegion: c.originRegion ?? '',
    style: vocabularyCell('styles', c.style),
    ageClass: vocabularyCell('ageClasses', c.ageClass),
    circaYear: numberCell(c.circaYear),
    widthCm: numberCell(c.widthCm) ?? undefined,
    lengthCm: numberCell(c.lengthCm) ?? undefined,
    shape: vocabularyCell('shapes', c.shape),
    pileMaterials: vocabularyListCell('materials', c.pileMaterials),
    foundationMaterials: vocabularyListCell('materials', c.foundationMaterials),
    knotType: c.knotType ? vocabularyCell('knotTypes', c.knotType) : null,
    knotDensity: numberCell(c.knotDensity),
    colours: vocabularyListCell('colours', c.colours),
    conditionGrade: vocabularyCell('conditionGrades', c.conditionGrade),
    conditionReport: c.conditionReport ?? '',
    estimateLow: centsCell(c.estimateLow) ?? undefined,
    estimateHigh: centsCell(c.estimateHigh) ?? undefined,
    fixedPrice: centsCell(c.fixedPrice),
  };
}

/** The schema's issues as row errors; a value outside a list names the allowed ones (zod's words are English). */
function issues(
  line: number,
  error: { issues: Array<{ path: PropertyKey[]; message: string; code?: string; values?: unknown[] }> },
): ImportRowError[] {
  return error.issues.map((i) => ({
    line,
    field: String(i.path[0] ?? 'row'),
    message:
      i.code === 'invalid_value' && i.values ? `${m.valueNotAllowed}: ${i.values.join(', ')}` : i.message,
  }));
}

function summarise<T>(
  kind: ImportKind,
  columns: string[],
  planned: PlannedRow<T>[],
  warnings: string[],
): ImportPreview {
  return {
    kind,
    columns,
    warnings,
    summary: {
      total: planned.length,
      toCreate: planned.filter((r) => r.status === 'new').length,
      existing: planned.filter((r) => r.status === 'existing').length,
      inError: planned.filter((r) => r.status === 'error').length,
      photos: planned.reduce((n, r) => n + (r.status === 'new' ? r.photos.length : 0), 0),
    },
    rows: planned.map(({ line, status, key, cells, errors }) => ({ line, status, key, cells, errors })),
  };
}

export interface ImportServiceDeps {
  db: Db;
  media: MediaService;
  /** Staff's sale service (the app's one): imported lots are created as staff create them. */
  auctions: AdminAuctionService;
  /** Imported rugs that name a consignor join a receipt of theirs (issue 27), through its service. */
  consignors: ConsignorService;
  log: FastifyBaseLogger;
}

/**
 * Imports (decision 058). A preview parses the CSV, validates every row with the editors' own schemas and rules
 * and says per row what will happen; it writes nothing. Starting an import validates again (the file is sent
 * again: no upload waits on the server between the two steps), records a job and writes the new rows in
 * batches, each batch with its audit rows and the job's progress in one transaction. Each rug's import key is
 * unique, so a file imported twice (or twice at once) creates each rug once.
 */
export function createImportService({
  db,
  media,
  auctions: auctionService,
  consignors,
  log,
}: ImportServiceDeps) {
  const repo = createImportRepository(db);
  const rugRepo = createAdminRugRepository(db);
  const auctions = createAdminAuctionRepository(db);

  async function planRugs(csv: Buffer, zip: PhotoZip | null) {
    const { columns, rows, warnings } = readCsv(csv, RUG_IMPORT_COLUMNS, RUG_IMPORT_OPTIONAL);
    const named = await consignors.findForImport(rows.map((r) => r.cells.consignor ?? ''));
    const seen = new Set<string>();
    const planned: PlannedRow<AdminRugCreate>[] = rows.map(({ line, cells }: CsvRow) => {
      const errors: ImportRowError[] = [];
      const parsed = adminRugCreateSchema.safeParse(rugInput(cells));
      if (!parsed.success) errors.push(...issues(line, parsed.error));
      const key = importKey(cells.reference, cells);
      if (seen.has(key)) errors.push({ line, field: 'reference', message: m.duplicateInFile });
      seen.add(key);
      const photos = listCell(cells.photos);
      for (const name of photos) {
        if (!zip) errors.push({ line, field: 'photos', message: m.photosWithoutZip });
        else if (!zip.names.has(name))
          errors.push({ line, field: 'photos', message: `${m.photoMissing}: ${name}` });
        if (!zip) break;
      }
      const consignorRef = (cells.consignor ?? '').trim();
      const consignor = consignorRef ? named.get(consignorRef) : undefined;
      if (consignor && 'refused' in consignor)
        errors.push({ line, field: 'consignor', message: CONSIGNOR_REFUSALS[consignor.refused] });
      const consignorId = consignor && 'id' in consignor ? consignor.id : null;
      const input = parsed.success ? parsed.data : null;
      return {
        line,
        key,
        cells,
        errors,
        photos,
        input,
        consignorId,
        status: errors.length ? 'error' : 'new',
      };
    });
    const existing = await repo.existingKeys(planned.map((r) => r.key));
    for (const r of planned) if (r.status === 'new' && existing.has(r.key)) r.status = 'existing';
    return { columns, planned, warnings };
  }

  async function draftAuction(auctionId: string) {
    const auction = await auctions.find(db, auctionId);
    if (!auction) throw notFound(m.auctionNotFound);
    if (auction.status !== 'draft' || refusalOf(auction, 'addLot'))
      throw conflict(m.auctionNotDraft, { code: 'NOT_DRAFT', errors: { auctionId: m.auctionNotDraft } });
    return auction;
  }

  async function planLots(auctionId: string, csv: Buffer) {
    await draftAuction(auctionId);
    const { columns, rows, warnings } = readCsv(csv, LOT_IMPORT_COLUMNS, LOT_IMPORT_OPTIONAL);
    const refs = [...new Set(rows.map((r) => (r.cells.rug ?? '').trim()).filter(Boolean))];
    const found = await repo.rugsByRef(refs, auctionId);
    const byRef = new Map<string, (typeof found)[number]>();
    for (const r of found) {
      byRef.set(r.slug, r);
      if (r.import_key?.startsWith('ref:')) byRef.set(r.import_key.slice(4), r);
    }
    const seen = new Set<string>();
    const planned: PlannedRow<ReturnType<typeof adminLotCreateSchema.parse>>[] = rows.map(
      ({ line, cells }) => {
        const errors: ImportRowError[] = [];
        const ref = (cells.rug ?? '').trim();
        const rug = byRef.get(ref);
        if (!rug) errors.push({ line, field: 'rug', message: m.rugNotFound });
        const parsed = adminLotCreateSchema.safeParse({
          rugId: rug?.id ?? '00000000-0000-4000-8000-000000000000',
          ...(cells.lotNumber ? { lotNumber: numberCell(cells.lotNumber) } : {}),
          openingBid: centsCell(cells.openingBid) ?? undefined,
          reserve: centsCell(cells.reserve),
          buyNowPrice: centsCell(cells.buyNowPrice),
          estimateLow: centsCell(cells.estimateLow) ?? undefined,
          estimateHigh: centsCell(cells.estimateHigh) ?? undefined,
        });
        if (!parsed.success) errors.push(...issues(line, parsed.error));
        const key = `${auctionId}:${rug?.id ?? ref}`;
        if (seen.has(key)) errors.push({ line, field: 'rug', message: m.duplicateInFile });
        seen.add(key);
        let status: ImportPreviewRow['status'] = errors.length ? 'error' : 'new';
        // The add-lot rules, read ahead so the preview shows them; the import applies them again row by row.
        if (status === 'new' && rug?.in_sale) status = 'existing';
        else if (status === 'new' && rug?.in_lot)
          errors.push({ line, field: 'rug', message: adminMessages.rugInActiveLot });
        else if (status === 'new' && rug?.status !== 'available')
          errors.push({ line, field: 'rug', message: adminMessages.rugNotAvailable });
        if (errors.length) status = 'error';
        return { line, key, cells, errors, photos: [], input: parsed.success ? parsed.data : null, status };
      },
    );
    return { columns, planned, warnings };
  }

  const zipOf = (zip: Buffer | null) => (zip ? openPhotoZip(zip) : Promise.resolve(null));
  const rowErrors = <T>(planned: PlannedRow<T>[]) =>
    planned.flatMap((r) => (r.status === 'error' ? r.errors : []));

  async function startJob<T>(
    kind: ImportKind,
    staffId: string,
    auctionId: string | null,
    planned: PlannedRow<T>[],
    write: (jobId: string, batch: PlannedRow<T>[]) => Promise<void>,
  ): Promise<ImportJob> {
    const todo = planned.filter((r) => r.status === 'new');
    const jobId = await db.transaction((tx) =>
      repo.createJob(tx, {
        kind,
        staffId,
        auctionId,
        total: todo.length,
        skipped: planned.filter((r) => r.status === 'existing').length,
        errors: rowErrors(planned),
      }),
    );
    // The batches run after the answer; the page polls the job. A crash mid-way leaves the job `running`, and
    // running the file again creates only what is missing.
    void (async () => {
      try {
        for (let i = 0; i < todo.length; i += IMPORT_BATCH)
          await write(jobId, todo.slice(i, i + IMPORT_BATCH));
        await repo.finish(jobId, 'done');
      } catch (err) {
        log.error({ err, jobId }, 'import failed');
        await repo.finish(jobId, 'failed').catch(() => undefined);
      }
    })();
    return (await loadJob(jobId))!;
  }

  async function loadJob(id: string): Promise<ImportJob | undefined> {
    const row = await repo.job(id);
    if (!row) return undefined;
    return {
      id: row.id,
      kind: row.kind,
      status: row.status,
      total: row.total,
      done: row.done,
      created: row.created,
      skipped: row.skipped,
      failed: row.failed,
      errors: row.errors,
      createdAt: row.created_at,
      finishedAt: row.finished_at,
    };
  }

  return {
    async previewRugs(csv: Buffer, zip: Buffer | null): Promise<ImportPreview> {
      const { columns, planned, warnings } = await planRugs(csv, await zipOf(zip));
      return summarise('rugs', columns, planned, warnings);
    },

    async importRugs(staffId: string, csv: Buffer, zipBuffer: Buffer | null): Promise<ImportJob> {
      const zip = await zipOf(zipBuffer);
      const { planned } = await planRugs(csv, zip);
      // One receipt per consignor per import, opened by the first batch that needs it (a receipt is never empty).
      const receipts = new Map<string, string>();
      return startJob('rugs', staffId, null, planned, async (jobId, batch) => {
        // Receipts opened by this batch count once it commits: a batch rolled back opened none.
        const opened = new Map<string, string>();
        // Photos are encoded before the transaction (CPU time; a stored image is reusable either way).
        const photoIds = new Map<number, string[]>();
        const failed: ImportRowError[] = [];
        for (const row of batch) {
          try {
            const ids: string[] = [];
            for (const name of row.photos)
              ids.push((await media.ingest(await zip!.read(name), { kind: 'rug' })).id);
            photoIds.set(row.line, ids);
          } catch (err) {
            const message = err instanceof HttpError ? err.message : m.photoUnreadable;
            failed.push({ line: row.line, field: 'photos', message });
          }
        }
        await db.transaction(async (tx) => {
          let created = 0;
          let skipped = 0;
          for (const row of batch) {
            const ids = photoIds.get(row.line);
            if (!ids || !row.input) continue;
            const base = slugify(`${row.input.originRegion} ${row.input.title}`, 'rug');
            let id: string | null = null;
            for (let attempt = 0; attempt < 8 && !id; attempt++) {
              id = await rugRepo.insert(
                tx,
                attempt === 0 ? base : `${base}-${row.line.toString(36)}${attempt}`,
                row.input,
                row.key,
              );
              // Nothing inserted because the key is there (the same file, imported meanwhile): skip, not retry.
              if (!id && (await repo.existingKeys([row.key], tx)).size) break;
            }
            if (!id) {
              skipped += 1;
              continue;
            }
            for (const imageId of ids) await rugRepo.addPhoto(tx, id, imageId);
            await recordStaffAction(tx, {
              staffId,
              action: 'create_rug',
              rugId: id,
              details: { title: row.input.title, importJobId: jobId, line: row.line, key: row.key },
            });
            if (row.consignorId) {
              const { consignmentId } = await consignors.addToReceipt(
                tx,
                staffId,
                {
                  consignorId: row.consignorId,
                  consignmentId: receipts.get(row.consignorId) ?? opened.get(row.consignorId) ?? null,
                  notes: `Brought in by a CSV import (job ${jobId})`,
                },
                // The rug's own estimates; no reserve is agreed by a CSV (null is always within the low estimate).
                {
                  rugId: id,
                  estimateLow: row.input.estimateLow,
                  estimateHigh: row.input.estimateHigh,
                  reserve: null,
                },
              );
              opened.set(row.consignorId, consignmentId);
            }
            created += 1;
          }
          await repo.advance(tx, jobId, {
            done: batch.length,
            created,
            skipped,
            failed: failed.length,
            errors: failed,
          });
        });
        for (const [consignorId, consignmentId] of opened) receipts.set(consignorId, consignmentId);
      });
    },

    async previewLots(auctionId: string, csv: Buffer): Promise<ImportPreview> {
      const { columns, planned, warnings } = await planLots(auctionId, csv);
      return summarise('lots', columns, planned, warnings);
    },

    /** Each lot goes through the add-lot service itself (its rules, its audit row, its own transaction). */
    async importLots(staffId: string, auctionId: string, csv: Buffer): Promise<ImportJob> {
      const { planned } = await planLots(auctionId, csv);
      return startJob('lots', staffId, auctionId, planned, async (jobId, batch) => {
        const d = { done: batch.length, created: 0, skipped: 0, failed: 0, errors: [] as ImportRowError[] };
        for (const row of batch) {
          try {
            await auctionService.createLot(staffId, auctionId, row.input!);
            d.created += 1;
          } catch (err) {
            if (!(err instanceof HttpError)) throw err;
            d.failed += 1;
            const fields = Object.entries(err.extra.errors ?? { rug: err.message });
            for (const [field, message] of fields)
              d.errors.push({ line: row.line, field: field === 'rugId' ? 'rug' : field, message });
          }
        }
        await db.transaction((tx) => repo.advance(tx, jobId, d));
      });
    },

    async job(id: string): Promise<ImportJob> {
      const found = await loadJob(id);
      if (!found) throw notFound(m.jobNotFound);
      return found;
    },
  };
}
export type ImportService = ReturnType<typeof createImportService>;
