import {
  adminLotCreateSchema,
  adminMessages,
  type AdminLot,
  type AdminLotCreate,
} from '@knotwork/shared/schemas/sales-staff';
import {
  adminRugMessages as m,
  type AdminRugBulk,
  type AdminRugBulkResponse,
  type AdminRugBulkResult,
} from '@knotwork/shared/schemas/catalogue-staff';
import { BID_UNIT_CENTS } from '@knotwork/shared/bidding/limits';
import type { Db } from '../../db/client.ts';
import { num } from '../../db/raw.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { recordStaffAction } from '../audit/audit-writer.ts';
import type { createAdminCollectionService } from '../collections/staff-service.ts';
import { createAdminRugRepository } from './rug-staff-repository.ts';
import {
  liveLotNumbersInSale,
  rugFacts,
  rugsInCollection,
  saleExists,
  type RugFacts,
} from './rug-bulk-repository.ts';

export interface RugBulkDeps {
  db: Db;
  /** Staff's sale service: each lot is created by its add-lot rules (sale state, rug free, money, number). */
  /** The sale building service's createLot (sales/staff-service.ts), so the catalogue does not import sales. */
  auctions: { createLot(staffId: string, auctionId: string, input: AdminLotCreate): Promise<AdminLot> };
  /** Staff's collections: the link, its audit row and the public caches. */
  collections: ReturnType<typeof createAdminCollectionService>;
}

/**
 * One action on many rugs of the back office's grid (issue 24, decision 076). Each rug gets its own result:
 * `done`, `unchanged` (it already was so, so a retry changes nothing) or `refused` with the reason the single
 * action would give. Publishing and unpublishing run in one transaction over the locked rugs (a rug refused is
 * left alone, the others change together); adding to a collection is one transaction of the collections service;
 * adding to a sale creates each lot through the sale service's own add-lot transaction, so the sale's rules are
 * exactly the editor's. Every change is audited as the single action is, with `bulk: true` in its details.
 */
export function createRugBulkService({ db, auctions, collections }: RugBulkDeps) {
  const repo = createAdminRugRepository(db);

  const facts = rugFacts;

  const result = (
    rugId: string,
    rug: RugFacts | undefined,
    outcome: AdminRugBulkResult['outcome'],
    refusal?: { code: string; message: string },
    lotNumber: number | null = null,
  ): AdminRugBulkResult => ({
    rugId,
    title: rug?.title ?? null,
    outcome,
    code: refusal?.code ?? null,
    message: refusal?.message ?? null,
    lotNumber,
  });
  const missing = (id: string) =>
    result(id, undefined, 'refused', { code: 'RUG_NOT_FOUND', message: m.rugNotFound });

  async function setStatus(staffId: string, ids: string[], publish: boolean): Promise<AdminRugBulkResult[]> {
    return db.transaction(async (tx) => {
      const rugs = await facts(tx, ids, true);
      const results: AdminRugBulkResult[] = [];
      for (const id of ids) {
        const rug = rugs.get(id);
        if (!rug) {
          results.push(missing(id));
          continue;
        }
        const target = publish ? 'available' : 'draft';
        if (rug.status === target) {
          results.push(result(id, rug, 'unchanged'));
          continue;
        }
        // Publishing takes a draft or withdrawn rug; unpublishing an available one that is in no open sale.
        const refusal = publish
          ? rug.status !== 'draft' && rug.status !== 'withdrawn'
            ? { code: 'CANNOT_PUBLISH', message: m.cannotPublish }
            : null
          : rug.status !== 'available'
            ? { code: 'CANNOT_UNPUBLISH', message: m.cannotUnpublish }
            : (await repo.hasActiveLot(tx, id))
              ? { code: 'RUG_IN_SALE', message: m.rugInSale }
              : null;
        if (refusal) {
          results.push(result(id, rug, 'refused', refusal));
          continue;
        }
        await repo.setStatus(tx, id, target);
        await recordStaffAction(tx, {
          staffId,
          action: publish ? 'publish_rug' : 'unpublish_rug',
          rugId: id,
          details: { bulk: true },
        });
        results.push(result(id, rug, 'done'));
      }
      return results;
    });
  }

  async function addToCollection(
    staffId: string,
    ids: string[],
    collectionId: string,
  ): Promise<AdminRugBulkResult[]> {
    await collections.detail(collectionId); // 404 for an unknown collection, before anything else
    const rugs = await facts(db, ids, false);
    const linked = await rugsInCollection(db, collectionId, ids);
    const toAdd = ids.filter((id) => rugs.has(id) && !linked.has(id));
    if (toAdd.length) await collections.addRugs(staffId, collectionId, toAdd);
    return ids.map((id) => {
      const rug = rugs.get(id);
      if (!rug) return missing(id);
      return linked.has(id)
        ? result(id, rug, 'unchanged', { code: 'ALREADY_IN_COLLECTION', message: m.alreadyInCollection })
        : result(id, rug, 'done');
    });
  }

  async function addToSale(staffId: string, ids: string[], saleId: string): Promise<AdminRugBulkResult[]> {
    if (!(await saleExists(db, saleId))) throw notFound(adminMessages.auctionNotFound);
    const rugs = await facts(db, ids, false);
    // A rug already offered in this very sale is left as it is: sending the same selection twice is safe.
    const inSale = await liveLotNumbersInSale(db, saleId, ids);
    const results: AdminRugBulkResult[] = [];
    for (const id of ids) {
      const rug = rugs.get(id);
      if (!rug) {
        results.push(missing(id));
        continue;
      }
      const existing = inSale.get(id);
      if (existing !== undefined) {
        results.push(result(id, rug, 'unchanged', undefined, existing));
        continue;
      }
      // The add-lot dialog's defaults: the rug's estimates, an opening bid of half the low estimate in whole units.
      const estimateLow = num(rug.estimate_low);
      const lot = adminLotCreateSchema.safeParse({
        rugId: id,
        openingBid: Math.max(1, Math.floor(estimateLow / (2 * BID_UNIT_CENTS))) * BID_UNIT_CENTS,
        estimateLow,
        estimateHigh: num(rug.estimate_high),
      });
      if (!lot.success) {
        const message = lot.error.issues[0]?.message ?? adminMessages.amountInvalid;
        results.push(result(id, rug, 'refused', { code: 'LOT_INVALID', message }));
        continue;
      }
      try {
        const created = await auctions.createLot(staffId, saleId, lot.data);
        results.push(result(id, rug, 'done', undefined, created.lotNumber));
      } catch (err) {
        if (!(err instanceof HttpError) || err.statusCode >= 500) throw err;
        results.push(result(id, rug, 'refused', { code: err.extra.code ?? 'REFUSED', message: err.message }));
      }
    }
    return results;
  }

  return {
    async run(staffId: string, body: AdminRugBulk): Promise<AdminRugBulkResponse> {
      const ids = body.rugIds.map((id) => id.toLowerCase());
      const results =
        body.action === 'publish' || body.action === 'unpublish'
          ? await setStatus(staffId, ids, body.action === 'publish')
          : body.action === 'addToCollection'
            ? await addToCollection(staffId, ids, body.collectionId)
            : await addToSale(staffId, ids, body.saleId);
      const count = (outcome: AdminRugBulkResult['outcome']) =>
        results.filter((r) => r.outcome === outcome).length;
      return {
        message: m.bulkDone,
        data: {
          action: body.action,
          done: count('done'),
          unchanged: count('unchanged'),
          refused: count('refused'),
          results,
        },
      };
    },
  };
}
export type RugBulkService = ReturnType<typeof createRugBulkService>;
