import crypto from 'node:crypto';
import {
  adminMessages as m,
  lotMoneyProblems,
  type AdminAuction,
  type AdminAuctionCreate,
  type AdminAuctionUpdate,
  type AdminLot,
  type AdminLotCreate,
  type AdminLotUpdate,
} from '@knotwork/shared/schemas/sales-staff';
import type { IncrementTable } from '@knotwork/shared/bidding/types';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../lib/http-error.ts';
import { slugify } from '../../lib/slugify.ts';
import { num, numOrNull } from '../../db/raw.ts';
import { createAdminAuctionRepository, isAfterNow, type AdminLotRow } from './staff-repository.ts';
import { recordStaffAction } from '../audit/audit-writer.ts';
import { uniqueViolation } from '../../lib/db-errors.ts';
import { assertSaleMove } from './sale-move-guard.ts';
import { toAdminAuction, toAdminLot } from './staff-mappers.ts';
import { pageMeta } from '../../lib/paging.ts';

/** Fields of a sale that fix how it runs: they may change only until it starts. */
const SCHEDULE_FIELDS = [
  'type',
  'startsAt',
  'endsAt',
  'staggerSeconds',
  'buyersPremiumPct',
  'increments',
  'softClose',
  'registration',
] as const;

/**
 * Staff's administration of sales and lots. What may change when is the shared sale-moves table (decision 074):
 * a draft's schedule, rules and lots at any time (a draft never opens by itself), a published sale's until it
 * starts (database clock, nothing opened); titles and descriptions at any time.
 * Lot n ends at `end of lot 1 + (n - 1) * stagger`, recomputed whenever the schedule or a lot number changes.
 */
export function createAdminAuctionService(
  db: Db,
  /** The house's defaults for a new sale (Settings); null increments: the built-in house table. */
  saleDefaults: () => Promise<{ buyersPremiumPct: number; increments: IncrementTable | null }> = () =>
    Promise.resolve({
      buyersPremiumPct: 25,
      increments: null,
    }),
) {
  const repo = createAdminAuctionRepository(db);

  async function createLotWith(
    conn: Db,
    staffId: string,
    auctionId: string,
    input: AdminLotCreate,
  ): Promise<AdminLot> {
    try {
      return await conn.transaction(async (tx) => {
        const auction = await repo.find(tx, auctionId, true);
        if (!auction) throw notFound(m.auctionNotFound);
        assertSaleMove(auction, 'addLot');
        const rug = await repo.rugForLot(tx, input.rugId);
        if (!rug) throw badRequest(m.rugNotFound, { errors: { rugId: m.rugNotFound } });
        if (rug.in_lot)
          throw conflict(m.rugInActiveLot, { code: 'RUG_IN_LOT', errors: { rugId: m.rugInActiveLot } });
        if (rug.status !== 'available')
          throw conflict(m.rugNotAvailable, {
            code: 'RUG_NOT_AVAILABLE',
            errors: { rugId: m.rugNotAvailable },
          });
        const lotNumber = input.lotNumber ?? (await repo.nextLotNumber(tx, auctionId));
        const lotId = await repo.insertLot(tx, auctionId, input.rugId, { ...input, lotNumber });
        await recordStaffAction(tx, { staffId, action: 'create_lot', auctionId, lotId });
        return toAdminLot((await repo.findLot(tx, lotId))!);
      });
    } catch (err) {
      throw lotConflict(err);
    }
  }

  /**
   * Inserts the sale under the title's slug, or, when that is taken (also by a sale being created at this
   * very moment), under the slug with a random suffix. Checking first and inserting after raced: two staff
   * creating "Tribal Rugs" at once both saw the slug free and one got a unique violation (a 500).
   */
  async function insertWithFreeSlug(
    tx: Db,
    input: Omit<AdminAuctionCreate, 'buyersPremiumPct' | 'increments' | 'registration'> & {
      buyersPremiumPct: number;
      increments: IncrementTable | null;
      registration: { required: boolean; cardRequired: boolean };
    },
  ): Promise<{ id: string; slug: string }> {
    const base = slugify(input.title, 'sale');
    for (let attempt = 0; attempt < 8; attempt++) {
      const slug = attempt === 0 ? base : `${base}-${crypto.randomBytes(3).toString('hex')}`;
      const id = await repo.insert(tx, { ...input, slug });
      if (id) return { id, slug };
    }
    throw new Error('no free slug after 8 attempts');
  }

  async function detail(tx: Db, id: string): Promise<AdminAuction & { lots: AdminLot[] }> {
    const row = await repo.find(tx, id);
    if (!row) throw notFound(m.auctionNotFound);
    return { ...toAdminAuction(row), lots: (await repo.lots(tx, id)).map(toAdminLot) };
  }

  /** End of lot 1 must lie ahead (database clock): a sale that would be over when saved is a typo. */
  async function assertFutureEnd(tx: Db, endsAt: string) {
    if (!(await isAfterNow(tx, endsAt))) throw badRequest(m.endsInPast, { errors: { endsAt: m.endsInPast } });
  }

  return {
    async list(page: number, pageSize: number, q?: string) {
      const { data, total } = await repo.page(page, pageSize, q);
      return {
        data: data.map(toAdminAuction),
        meta: pageMeta({ page, pageSize }, total),
      };
    },

    detail: (id: string) => detail(db, id),

    async create(staffId: string, input: AdminAuctionCreate): Promise<AdminAuction> {
      // A new sale takes the house's defaults as they are now and keeps them: a later change of the defaults
      // never moves a sale's rules under its bidders.
      const defaults = await saleDefaults();
      const sale = {
        ...input,
        buyersPremiumPct: input.buyersPremiumPct ?? defaults.buyersPremiumPct,
        increments: input.increments ?? defaults.increments,
        registration: input.registration ?? { required: input.type === 'live', cardRequired: false },
      };
      return db.transaction(async (tx) => {
        await assertFutureEnd(tx, input.endsAt);
        const { id } = await insertWithFreeSlug(tx, sale);
        await recordStaffAction(tx, { staffId, action: 'create_auction', auctionId: id });
        return toAdminAuction((await repo.find(tx, id))!);
      });
    },

    async update(staffId: string, id: string, body: AdminAuctionUpdate): Promise<AdminAuction> {
      // "The house table" is the house's default as it is now, as at creation.
      const input =
        body.increments === null ? { ...body, increments: (await saleDefaults()).increments } : body;
      return db.transaction(async (tx) => {
        const current = await repo.find(tx, id, true);
        if (!current) throw notFound(m.auctionNotFound);
        const reschedules = SCHEDULE_FIELDS.some((f) => input[f] !== undefined);
        assertSaleMove(current, reschedules ? 'reschedule' : 'editText');
        const startsAt = input.startsAt ?? new Date(num(current.starts_ms)).toISOString();
        const endsAt = input.endsAt ?? new Date(num(current.ends_ms)).toISOString();
        if (Date.parse(endsAt) <= Date.parse(startsAt)) {
          throw badRequest(m.endsBeforeStart, { errors: { endsAt: m.endsBeforeStart } });
        }
        if (input.endsAt !== undefined) await assertFutureEnd(tx, input.endsAt);
        await repo.update(tx, id, input);
        if (reschedules) await repo.rescheduleLots(tx, id);
        await recordStaffAction(tx, {
          staffId,
          action: 'update_auction',
          auctionId: id,
          details: { fields: Object.keys(input) },
        });
        return toAdminAuction((await repo.find(tx, id))!);
      });
    },

    createLot: (staffId: string, auctionId: string, input: AdminLotCreate) =>
      createLotWith(db, staffId, auctionId, input),

    /**
     * The same inside a caller's transaction, as a savepoint: accepting a re-offer puts the rug in its sale in the
     * acceptance's own transaction (decision 089), and a refusal of the lot leaves that transaction usable.
     */
    createLotIn: (tx: Db, staffId: string, auctionId: string, input: AdminLotCreate) =>
      createLotWith(tx, staffId, auctionId, input),

    async updateLot(staffId: string, lotId: string, input: AdminLotUpdate): Promise<AdminLot> {
      try {
        return await db.transaction(async (tx) => {
          const lot = await repo.findLot(tx, lotId, true);
          if (!lot) throw notFound(m.lotNotFound);
          const auction = await repo.find(tx, lot.auction_id, true);
          if (lot.status !== 'scheduled') throw conflict(m.lotStarted, { code: 'LOT_STARTED' });
          if (auction) assertSaleMove(auction, 'editLots');
          const merged = { ...storedMoney(lot), ...input };
          const problems = lotMoneyProblems(merged);
          if (problems.length > 0) {
            throw badRequest(problems[0]!.message, {
              errors: Object.fromEntries(problems.map((p) => [p.path, p.message])),
            });
          }
          await repo.updateLot(tx, lotId, input);
          if (input.lotNumber !== undefined) await repo.rescheduleLots(tx, lot.auction_id);
          await recordStaffAction(tx, {
            staffId,
            action: 'update_lot',
            auctionId: lot.auction_id,
            lotId,
            details: { fields: Object.keys(input) },
          });
          return toAdminLot((await repo.findLot(tx, lotId))!);
        });
      } catch (err) {
        throw lotConflict(err);
      }
    },
  };
}
export type AdminAuctionService = ReturnType<typeof createAdminAuctionService>;

function storedMoney(lot: AdminLotRow) {
  return {
    openingBid: num(lot.opening_bid),
    reserve: numOrNull(lot.reserve),
    buyNowPrice: numOrNull(lot.buy_now_price),
    estimateLow: num(lot.estimate_low),
    estimateHigh: num(lot.estimate_high),
  };
}

/** Unique indexes answer the races the checks above cannot: same lot number, same rug in two lots. */
function lotConflict(err: unknown): unknown {
  const constraint = uniqueViolation(err);
  if (constraint === null) return err;
  if (constraint.includes('lot_number'))
    return conflict(m.lotNumberTaken, { code: 'LOT_NUMBER_TAKEN', errors: { lotNumber: m.lotNumberTaken } });
  return conflict(m.rugInActiveLot, { code: 'RUG_IN_LOT', errors: { rugId: m.rugInActiveLot } });
}
