import type { FastifyBaseLogger } from 'fastify';
import { isLanguage } from '@knotwork/shared/constants/languages';
import { webPaths } from '@knotwork/shared/constants/web-paths';
import type { RegistrationSettings } from '@knotwork/shared/schemas/house-settings-staff';
import {
  registrationMessages as m,
  type MyRegistration,
  type Registration,
  type RegistrationCreate,
  type RegistrationStanding,
} from '@knotwork/shared/schemas/registrations';
import {
  adminRegistrationMessages as am,
  type AdminRegistration,
  type AdminRegistrationCreate,
  type AdminRegistrationDecision,
  type AdminRegistrationList,
  type AdminRegistrationQuery,
} from '@knotwork/shared/schemas/registrations-staff';
import { countryNameIn, formatAddress } from '@knotwork/shared/addresses/formats';
import { registrationGaps, type RegistrationFacts } from '@knotwork/shared/sales/registration-rules';
import type { Db } from '../../db/client.ts';
import { isoFromMs, isoOrNullFromMs, num, numOrNull } from '../../db/raw.ts';
import { badRequest, conflict, notFound } from '../../lib/http-error.ts';
import { pageMeta } from '../../lib/paging.ts';
import { recordStaffAction } from '../audit/audit-writer.ts';
import { createBidderRepository } from '../bidders/repository.ts';
import type { Mailer, MailMessage } from '../mail/mailer.ts';
import { registrationDecidedMail } from '../mail/registration-mail.ts';
import { notificationMessages } from '../notifications/messages.ts';
import { notify, type DeliverNotifications, type PendingNotification } from '../notifications/notifier.ts';
import {
  createRegistrationRepository,
  type BidderFactsRow,
  type MyRegistrationRow,
  type RegistrationRow,
  type SaleForRegistration,
  type StaffRegistrationRow,
} from './repository.ts';

export interface RegistrationServiceDeps {
  db: Db;
  mailer: Mailer;
  deliver: DeliverNotifications;
  log: FastifyBaseLogger;
  publicUrl: string;
  /** The house's approval rules (Settings), read on every registration. */
  rules: () => Promise<RegistrationSettings>;
}

const factsOf = (row: BidderFactsRow): RegistrationFacts => ({
  emailVerified: row.email_verified,
  cardOnFile: row.card_on_file,
  hasAddress: row.has_address,
  activeStrikes: num(row.active_strikes),
  blocked: row.blocked,
  paidBefore: num(row.paid_purchases) > 0,
});

/**
 * Registration to bid (issue 28 §1, decision 090). A bidder registers for a sale that requires it; the house's rules
 * (Settings) approve them at once or leave them in the sale's queue, where staff approve (optionally with a bidding
 * limit) or reject with a reason. The bid path reads the registration with the lot (lots/lot-repository.ts), so a
 * decision holds from the next bid on. The bidder hears of every decision by e-mail and in the bell.
 */
export function createRegistrationService(deps: RegistrationServiceDeps) {
  const { db } = deps;
  const repo = createRegistrationRepository(db);
  const bidders = createBidderRepository(db);

  // The rules are read before any transaction (the settings cache may query the database: on PGlite, one
  // connection, a read outside a transaction waits for it) and passed down.
  async function gapsNow(tx: Db, rules: RegistrationSettings, userId: string, cardRequired: boolean) {
    const facts = await repo.facts(tx, userId);
    return facts ? registrationGaps(rules, { cardRequired }, factsOf(facts)) : [];
  }

  async function toRegistration(
    tx: Db,
    rules: RegistrationSettings,
    row: RegistrationRow,
    sale: { registration_card_required: boolean },
  ) {
    return {
      id: row.id,
      auctionId: row.auction_id,
      paddle: row.paddle,
      status: row.status,
      reason: row.status === 'rejected' ? row.reason : null,
      gaps:
        row.status === 'pending'
          ? await gapsNow(tx, rules, row.user_id, sale.registration_card_required)
          : [],
      createdAt: isoFromMs(row.created_ms),
      decidedAt: isoOrNullFromMs(row.decided_ms),
    } satisfies Registration;
  }

  async function standingOf(
    tx: Db,
    rules: RegistrationSettings,
    sale: SaleForRegistration,
    userId: string | undefined,
  ) {
    const row = userId ? await repo.mine(tx, sale.id, userId) : undefined;
    return {
      required: sale.registration_required,
      cardRequired: sale.registration_card_required,
      open: !sale.over,
      registration: row ? await toRegistration(tx, rules, row, sale) : null,
    } satisfies RegistrationStanding;
  }

  /** Tells the bidder (bell now, e-mail after the commit); a mail that fails is logged, the decision stands. */
  async function tell(
    tx: Db,
    sale: SaleForRegistration,
    row: RegistrationRow,
  ): Promise<{ pending: PendingNotification; mail: MailMessage | null }> {
    const decision = row.status === 'approved' ? 'approved' : 'rejected';
    const pending = await notify(
      tx,
      row.user_id,
      notificationMessages.registrationDecided({
        auctionId: sale.id,
        auctionSlug: sale.slug,
        auctionTitle: sale.title,
        paddle: row.paddle,
        decision,
        reason: row.reason,
      }),
    );
    const user = await repo.recipient(tx, row.user_id);
    const mail = user
      ? {
          to: user.email,
          ...registrationDecidedMail({
            name: user.first_name,
            saleTitle: sale.title,
            paddle: row.paddle,
            decision,
            reason: row.reason,
            saleUrl: new URL(webPaths.upcomingAuction.href(sale.slug), deps.publicUrl).toString(),
            language: isLanguage(user.language) ? user.language : 'en',
          }),
        }
      : null;
    return { pending, mail };
  }

  async function send(told: { pending: PendingNotification; mail: MailMessage | null } | null) {
    if (!told) return;
    await deps.deliver([told.pending]);
    if (!told.mail) return;
    try {
      await deps.mailer.send(told.mail);
    } catch (err) {
      deps.log.error({ err }, 'registration decided but not mailed');
    }
  }

  const toStaff = (
    r: StaffRegistrationRow,
    sale: { registration_card_required: boolean },
    rules: RegistrationSettings,
  ) => {
    const facts = factsOf(r);
    return {
      id: r.id,
      auctionId: r.auction_id,
      userId: r.user_id,
      name: r.name,
      email: r.email,
      paddle: r.paddle,
      status: r.status,
      reason: r.reason,
      gaps: registrationGaps(rules, { cardRequired: sale.registration_card_required }, facts),
      phone: r.phone,
      address:
        r.line1 === null || r.city === null || r.country === null
          ? null
          : formatAddress(
              {
                name: r.address_name,
                line1: r.line1,
                line2: r.line2,
                city: r.city,
                state: r.state,
                postalCode: r.postal_code,
                country: r.country,
              },
              { countryName: countryNameIn(r.country, 'en') },
            ),
      country: r.country,
      emailVerified: facts.emailVerified,
      cardOnFile: facts.cardOnFile,
      activeStrikes: facts.activeStrikes,
      biddingBlocked: facts.blocked,
      paidPurchases: num(r.paid_purchases),
      limitCents: numOrNull(r.limit_cents),
      createdAt: isoFromMs(r.created_ms),
      decidedAt: isoOrNullFromMs(r.decided_ms),
      decidedBy: r.decided_by,
    } satisfies AdminRegistration;
  };

  const toMine = async (rules: RegistrationSettings, r: MyRegistrationRow): Promise<MyRegistration> => ({
    ...(await toRegistration(db, rules, r, { registration_card_required: r.registration_card_required })),
    auctionTitle: r.auction_title,
    auctionSlug: r.auction_slug,
    auctionType: r.auction_type,
    startsAt: isoFromMs(r.starts_ms),
  });

  return {
    /** What the sale asks and the caller's registration (anonymous: none). */
    async standing(idOrSlug: string, userId: string | undefined): Promise<RegistrationStanding> {
      const sale = await repo.sale(db, idOrSlug);
      if (!sale || sale.draft) throw notFound(m.saleNotFound);
      return standingOf(db, await deps.rules(), sale, userId);
    },

    /**
     * Registers the caller: a paddle under the sale's lock, approved at once when the house's rules hold. Twice is
     * the same registration (200, nothing changes).
     */
    async register(
      userId: string,
      idOrSlug: string,
      body: RegistrationCreate,
    ): Promise<{ message: string; data: RegistrationStanding; created: boolean }> {
      let told: Awaited<ReturnType<typeof tell>> | null = null;
      const rules = await deps.rules();
      const result = await db.transaction(async (tx) => {
        const sale = await repo.sale(tx, idOrSlug, true);
        if (!sale || sale.draft) throw notFound(m.saleNotFound);
        const existing = await repo.mine(tx, sale.id, userId);
        if (existing)
          return {
            message: m.alreadyRegistered,
            data: await standingOf(tx, rules, sale, userId),
            created: false,
          };
        if (!sale.registration_required) throw conflict(m.notRequired, { code: 'REGISTRATION_NOT_REQUIRED' });
        if (sale.over) throw conflict(m.saleOver, { code: 'SALE_OVER' });
        if (!(await repo.ownsAddress(tx, userId, body.addressId))) {
          throw badRequest(m.addressNotFound, { errors: { addressId: m.addressNotFound } });
        }
        const gaps = await gapsNow(tx, rules, userId, sale.registration_card_required);
        // Under the sale's lock the next paddle is free: the insert always returns a row.
        const row = (await repo.insert(tx, {
          auctionId: sale.id,
          userId,
          addressId: body.addressId,
          phone: body.phone,
          approved: gaps.length === 0,
          reason: null,
        }))!;
        if (row.status === 'approved') told = await tell(tx, sale, row);
        return {
          message: row.status === 'approved' ? m.registered : m.pending,
          data: await standingOf(tx, rules, sale, userId),
          created: true,
        };
      });
      await send(told);
      return result;
    },

    /** A bidder's registrations, newest sale first: My Items, and their page in the back office. */
    async mine(userId: string): Promise<MyRegistration[]> {
      const rules = await deps.rules();
      return Promise.all((await repo.mineAll(userId)).map((r) => toMine(rules, r)));
    },

    /** A sale's registrations for staff, pending first, with what they need to decide. */
    async list(auctionId: string, query: AdminRegistrationQuery): Promise<AdminRegistrationList> {
      const sale = await repo.sale(db, auctionId);
      if (!sale) throw notFound(m.saleNotFound);
      const [page, rules] = await Promise.all([repo.staffPage(sale.id, query), deps.rules()]);
      return {
        data: page.data.map((r) => toStaff(r, sale, rules)),
        meta: pageMeta(query, page.total),
        counts: page.counts,
      };
    },

    /**
     * Staff register a bidder with an account (at the front desk, on the phone): approved at once (staff are the
     * house's rules here), with the paddle they handed over or the sale's next one, audited, and the bidder is told.
     * Allowed whether or not the sale requires registration: the clerk names a registered paddle's holder either way.
     */
    async registerByStaff(
      staffId: string,
      auctionId: string,
      body: AdminRegistrationCreate,
    ): Promise<{ message: string; data: AdminRegistration }> {
      const rules = await deps.rules();
      const result = await db.transaction(async (tx) => {
        const sale = await repo.sale(tx, auctionId, true);
        if (!sale) throw notFound(m.saleNotFound);
        if (sale.over) throw conflict(m.saleOver, { code: 'SALE_OVER' });
        const account = await repo.accountByEmail(tx, body.email);
        if (!account) throw badRequest(am.noAccount, { errors: { email: am.noAccount } });
        if (await repo.mine(tx, sale.id, account.id)) {
          throw conflict(am.alreadyRegistered, { code: 'ALREADY_REGISTERED' });
        }
        const row = await repo.insert(tx, {
          auctionId: sale.id,
          userId: account.id,
          addressId: account.address_id,
          phone: body.phone,
          approved: true,
          reason: null,
          paddle: body.paddle,
          decidedBy: staffId,
        });
        if (!row)
          throw conflict(am.paddleTaken, { code: 'PADDLE_TAKEN', errors: { paddle: am.paddleTaken } });
        await recordStaffAction(tx, {
          staffId,
          action: 'register_bidder',
          auctionId: sale.id,
          userId: account.id,
          details: { registrationId: row.id, paddle: row.paddle },
        });
        return { row, told: await tell(tx, sale, row) };
      });
      await send(result.told);
      const page = await repo.staffPage(auctionId, { page: 1, pageSize: 1 }, result.row.id);
      const sale = (await repo.sale(db, auctionId))!;
      return { message: am.registered, data: toStaff(page.data[0]!, sale, rules) };
    },

    /**
     * Approves (optionally with a bidding limit, which becomes the bidder's limit) or rejects with a reason. Staff
     * may change a decision; the same decision again changes nothing and tells no one.
     */
    async decide(
      staffId: string,
      auctionId: string,
      registrationId: string,
      body: AdminRegistrationDecision,
    ): Promise<{ message: string; data: AdminRegistration }> {
      let told: Awaited<ReturnType<typeof tell>> | null = null;
      const rules = await deps.rules();
      const message = await db.transaction(async (tx) => {
        const sale = await repo.sale(tx, auctionId);
        if (!sale) throw notFound(m.saleNotFound);
        const row = await repo.lock(tx, sale.id, registrationId);
        if (!row) throw notFound(am.notFound);
        const status = body.decision === 'approve' ? 'approved' : 'rejected';
        const reason = body.decision === 'reject' ? body.reason : null;
        const limitCents = body.decision === 'approve' ? body.limitCents : null;
        if (row.status === status && row.reason === reason && limitCents === null) return am.unchanged;
        if (row.status !== status || row.reason !== reason) {
          await repo.decide(tx, row.id, { status, reason, staffId });
          told = await tell(tx, sale, { ...row, status, reason });
        }
        if (limitCents !== null) {
          await bidders.setLimit(tx, row.user_id, staffId, limitCents, `${sale.title}: paddle ${row.paddle}`);
        }
        await recordStaffAction(tx, {
          staffId,
          action: 'decide_registration',
          auctionId: sale.id,
          userId: row.user_id,
          reason: reason ?? undefined,
          details: { registrationId: row.id, paddle: row.paddle, decision: status, limitCents },
        });
        return status === 'approved' ? am.approved : am.rejected;
      });
      await send(told);
      const page = await repo.staffPage(auctionId, { page: 1, pageSize: 1 }, registrationId);
      const sale = (await repo.sale(db, auctionId))!;
      return { message, data: toStaff(page.data[0]!, sale, rules) };
    },
  };
}
export type RegistrationService = ReturnType<typeof createRegistrationService>;
