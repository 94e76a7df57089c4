import { can, staffRoles } from '@knotwork/shared/abilities/staff';
import {
  telephoneMessages as m,
  type AdminTelephoneLot,
  type AdminTelephoneSale,
  type MyTelephoneLine,
  type OperatorBid,
  type OperatorDesk,
  type OperatorReady,
  type TelephoneBookingCreate,
  type TelephoneLot,
  type TelephoneSettings,
  type TelephoneStanding,
} from '@knotwork/shared/schemas/telephone-bids';
import type { LiveSaleView } from '@knotwork/shared/schemas/live-sales';
import type { Db } from '../../db/client.ts';
import { isoFromMs, isoOrNullFromMs, num } from '../../db/raw.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-error.ts';
import { valueOrThrow } from '../../lib/http-answers.ts';
import { recordStaffAction } from '../audit/audit-writer.ts';
import type { LiveSalesService } from '../live-sales/service.ts';
import {
  assignOperator,
  bookableLots,
  bookedLots,
  cancelBooking,
  findSale,
  insertBookings,
  lockLots,
  lockMyBooking,
  myLines,
  operatorBooking,
  registrationOf,
  saleBookings,
  setReady,
  staffOfRoles,
  type StaffBookingRow,
  type TelephoneSaleRow,
} from './repository.ts';

export interface TelephoneBidDeps {
  db: Db;
  live: LiveSalesService;
  /** The house's rules (Settings, key `telephone`), read before any transaction (PGlite has one connection). */
  rules: () => Promise<TelephoneSettings>;
}

/** Who may be put on a telephone line: every role with the `phone` ability (decision 097). */
const OPERATOR_ROLES = staffRoles.filter((role) => can(role, 'manage', 'phone'));

/** The lots of a staff answer: bookings grouped by lot, in lot order. */
function byLot(bookings: readonly StaffBookingRow[]): AdminTelephoneLot[] {
  const lots = new Map<string, AdminTelephoneLot>();
  for (const b of bookings) {
    const lot = lots.get(b.lot_id) ?? {
      lotId: b.lot_id,
      lotNumber: b.lot_number,
      title: b.title,
      estimateLow: num(b.estimate_low),
      estimateHigh: num(b.estimate_high),
      phase: b.phase,
      bookings: [],
    };
    lot.bookings.push({
      id: b.id,
      lotId: b.lot_id,
      bidderId: b.bidder_id,
      bidderName: b.bidder_name,
      paddle: b.paddle,
      phone: b.phone,
      language: b.language,
      operatorId: b.operator_id,
      operatorName: b.operator_name,
      ready: b.ready,
      leading: b.leading,
      createdAt: isoFromMs(b.created_ms),
    });
    lots.set(b.lot_id, lot);
  }
  return [...lots.values()];
}

/**
 * Telephone bids in live sales (issue 29 §1, decision 097). A bidder registered and approved for a live sale books a
 * line for lots estimated at the house's minimum or more, while lines remain, and may cancel until the lot opens.
 * Staff assign each booking to an operator; the operator marks their lines ready per lot and bids for their bidder
 * through the live sale's own bid path (live-sales/service.ts `phoneBid`), which checks and audits it.
 */
export function createTelephoneBidService(deps: TelephoneBidDeps) {
  const { db, live } = deps;

  async function saleOf(ref: string): Promise<TelephoneSaleRow> {
    const sale = await findSale(db, ref);
    if (!sale) throw notFound(m.saleNotFound);
    return sale;
  }

  async function standingOf(sale: TelephoneSaleRow, userId: string | undefined, rules: TelephoneSettings) {
    const registration = userId ? await registrationOf(db, sale.id, userId) : undefined;
    const lots = await bookableLots(db, sale.id, userId ?? null);
    const lotsOut: TelephoneLot[] = lots.map((l) => {
      const linesLeft = Math.max(0, rules.linesPerLot - num(l.lines));
      return {
        lotId: l.lot_id,
        lotNumber: l.lot_number,
        title: l.title,
        estimateLow: num(l.estimate_low),
        estimateHigh: num(l.estimate_high),
        linesLeft,
        availability:
          num(l.estimate_low) < rules.minimumEstimateCents
            ? 'below'
            : l.started
              ? 'started'
              : linesLeft === 0 && !l.my_booking
                ? 'full'
                : 'open',
        bookingId: l.my_booking,
      };
    });
    return {
      offered: sale.type === 'live' && lotsOut.some((l) => l.availability !== 'started'),
      registration: registration?.status ?? 'none',
      paddle: registration?.paddle ?? null,
      phone: registration?.phone ?? '',
      minimumEstimate: rules.minimumEstimateCents,
      lots: lotsOut,
    } satisfies TelephoneStanding;
  }

  async function staffSaleOf(auctionId: string, rules: TelephoneSettings): Promise<AdminTelephoneSale> {
    const sale = await saleOf(auctionId);
    const [bookings, operators] = await Promise.all([
      saleBookings(db, sale.id),
      staffOfRoles(db, OPERATOR_ROLES),
    ]);
    return {
      auctionId: sale.id,
      title: sale.title,
      linesPerLot: rules.linesPerLot,
      lots: byLot(bookings),
      operators,
    };
  }

  return {
    async standing(ref: string, userId: string | undefined): Promise<TelephoneStanding> {
      const rules = await deps.rules();
      return standingOf(await saleOf(ref), userId, rules);
    },

    /**
     * Books lines for the lots, all or none: each lot is locked (in id order), then checked for the house's minimum,
     * not started, and a line left. A lot the bidder already booked is kept as it is (a retry books nothing twice).
     */
    async book(userId: string, ref: string, input: TelephoneBookingCreate) {
      const rules = await deps.rules();
      const sale = await saleOf(ref);
      if (sale.type !== 'live') throw conflict(m.notLiveSale);
      const registration = await registrationOf(db, sale.id, userId);
      if (!registration) throw forbidden(m.notRegistered, { code: 'NOT_REGISTERED' });
      if (registration.status !== 'approved')
        throw forbidden(m.registrationNotApproved, { code: 'REGISTRATION_PENDING' });
      const lotIds = [...new Set(input.lotIds)];
      await db.transaction(async (tx) => {
        const locked = await lockLots(tx, lotIds);
        if (locked.length !== lotIds.length || locked.some((l) => l.auction_id !== sale.id))
          throw badRequest(m.lotNotInSale, { errors: { lotIds: m.lotNotInSale } });
        const already = await bookedLots(tx, userId, lotIds);
        for (const lot of locked) {
          if (already.has(lot.lot_id)) continue;
          if (num(lot.estimate_low) < rules.minimumEstimateCents)
            throw conflict(m.belowMinimum, {
              code: 'BELOW_PHONE_MINIMUM',
              errors: { lotIds: m.belowMinimum },
            });
          if (lot.started)
            throw conflict(m.lotStarted, { code: 'LOT_STARTED', errors: { lotIds: m.lotStarted } });
          if (num(lot.lines) >= rules.linesPerLot)
            throw conflict(m.linesFull, { code: 'PHONE_LINES_FULL', errors: { lotIds: m.linesFull } });
        }
        await insertBookings(tx, {
          auctionId: sale.id,
          userId,
          registrationId: registration.id,
          phone: input.phone,
          lotIds: lotIds.filter((id) => !already.has(id)),
        });
      });
      return { message: m.booked, data: await standingOf(sale, userId, rules) };
    },

    /** The bidder's own lines across sales (one lot with `lotId`): the lot page and My Items. */
    async mine(userId: string, lotId?: string): Promise<MyTelephoneLine[]> {
      return (await myLines(db, userId, lotId ?? null)).map((r) => ({
        id: r.id,
        auctionId: r.auction_id,
        auctionSlug: r.auction_slug,
        auctionTitle: r.auction_title,
        auctionStartsAt: isoOrNullFromMs(r.starts_ms),
        lotId: r.lot_id,
        lotNumber: num(r.lot_number),
        title: r.title,
        rugSlug: r.rug_slug,
        phone: r.phone,
        state: r.cancelled_ms !== null ? 'cancelled' : r.operator_id ? 'assigned' : 'booked',
        lotOpened: r.started,
        bookedAt: isoFromMs(r.created_ms),
        cancelledAt: isoOrNullFromMs(r.cancelled_ms),
      }));
    },

    /** Cancels the bidder's own booking while its lot has not been offered. */
    async cancel(userId: string, ref: string, bookingId: string) {
      const rules = await deps.rules();
      const sale = await saleOf(ref);
      await db.transaction(async (tx) => {
        const booking = await lockMyBooking(tx, bookingId, sale.id, userId);
        if (!booking) throw notFound(m.bookingNotFound);
        if (booking.started) throw conflict(m.lotStarted, { code: 'LOT_STARTED' });
        await cancelBooking(tx, bookingId);
      });
      return { message: m.cancelled, data: await standingOf(sale, userId, rules) };
    },

    async staffSale(auctionId: string): Promise<AdminTelephoneSale> {
      return staffSaleOf(auctionId, await deps.rules());
    },

    /** Hands a booking to an operator (or takes it back), audited; the clerk and the operators see it at once. */
    async assign(staffId: string, auctionId: string, bookingId: string, operatorId: string | null) {
      const rules = await deps.rules();
      const sale = await saleOf(auctionId);
      if (operatorId) {
        const operators = await staffOfRoles(db, OPERATOR_ROLES);
        if (!operators.some((o) => o.id === operatorId))
          throw badRequest(m.operatorInvalid, { errors: { operatorId: m.operatorInvalid } });
      }
      await live.aside(
        sale.id,
        staffId,
        async (tx) => {
          const row = await assignOperator(tx, sale.id, bookingId, operatorId);
          if (!row) throw notFound(m.bookingNotFound);
          if (row.started) throw conflict(m.lotStarted, { code: 'LOT_STARTED' });
          await recordStaffAction(tx, {
            staffId,
            action: 'assign_phone_operator',
            auctionId: sale.id,
            lotId: row.lot_id,
            userId: row.user_id,
            details: { bookingId, operatorId },
          });
          return row;
        },
        (row) => ({ type: 'phoneAssign', lotId: row.lot_id, payload: { bookingId, operatorId } }),
      );
      return {
        message: operatorId ? m.assigned : m.unassigned,
        data: await staffSaleOf(sale.id, rules),
      };
    },

    /** The operator's desk: their own lines in the sale, by lot (the live state comes from the room's view). */
    async desk(operatorId: string, ref: string): Promise<OperatorDesk> {
      const sale = await saleOf(ref);
      return {
        auctionId: sale.id,
        slug: sale.slug,
        title: sale.title,
        lots: byLot(await saleBookings(db, sale.id, operatorId)),
      };
    },

    /** The operator has their bidders on the line for a lot (or no longer): the clerk may open it once all are. */
    async ready(operatorId: string, ref: string, input: OperatorReady): Promise<OperatorDesk> {
      const sale = await saleOf(ref);
      await live.aside(
        sale.id,
        operatorId,
        async (tx) => {
          // None of the lot's lines is theirs: nothing to say to the clerk (the transaction rolls back).
          if ((await setReady(tx, sale.id, input.lotId, operatorId, input.ready)) === 0)
            throw notFound(m.bookingNotFound);
        },
        () => ({ type: 'phoneReady', lotId: input.lotId, payload: { ready: input.ready } }),
      );
      return this.desk(operatorId, sale.id);
    },

    /** One tap: bid the ask for the bidder of one of the operator's bookings, through the live sale's bid path. */
    async bid(operatorId: string, ref: string, input: OperatorBid): Promise<LiveSaleView> {
      const sale = await saleOf(ref);
      const booking = await operatorBooking(db, input.bookingId, sale.id);
      if (!booking || booking.lot_id !== input.lotId) throw notFound(m.bookingNotFound);
      if (booking.operator_id !== operatorId) throw forbidden(m.notYourBidder, { code: 'NOT_YOUR_BIDDER' });
      return valueOrThrow(
        await live.phoneBid(sale.id, operatorId, {
          lotId: input.lotId,
          ask: input.ask,
          bidderId: booking.user_id,
          bookingId: input.bookingId,
          paddle: booking.paddle,
        }),
      );
    },
  };
}

export type TelephoneBidService = ReturnType<typeof createTelephoneBidService>;
