import { sql } from 'drizzle-orm';
import type { RegistrationStatus } from '@knotwork/shared/schemas/registrations';
import type { Db } from '../../db/client.ts';
import { rows } from '../../db/raw.ts';
import { pageOffset } from '../../lib/paging.ts';
import { activeStrikesOf } from '../strikes/repository.ts';

/** The first paddle of a sale (decision 090): numbers below are left for the room's own cards. */
export const FIRST_PADDLE = 101;

export interface SaleForRegistration {
  id: string;
  title: string;
  slug: string;
  type: 'timed' | 'live';
  registration_required: boolean;
  registration_card_required: boolean;
  /** The sale's last lot has closed (or it was cancelled): registration is closed. */
  over: boolean;
  draft: boolean;
}

export interface RegistrationRow {
  id: string;
  auction_id: string;
  user_id: string;
  paddle: number;
  status: RegistrationStatus;
  reason: string | null;
  address_id: string | null;
  phone: string;
  decided_by: string | null;
  created_ms: string | number;
  decided_ms: string | number | null;
}

/** What the house rules read about a bidder (registration-rules.ts), and what staff see beside it. */
export interface BidderFactsRow {
  email_verified: boolean;
  card_on_file: boolean;
  has_address: boolean;
  active_strikes: string | number;
  blocked: boolean;
  paid_purchases: string | number;
  limit_cents: string | number | null;
}

export interface StaffRegistrationRow extends RegistrationRow, BidderFactsRow {
  name: string;
  email: string;
  line1: string | null;
  line2: string | null;
  city: string | null;
  state: string | null;
  postal_code: string | null;
  country: string | null;
  address_name: string | null;
}

export interface MyRegistrationRow extends RegistrationRow {
  registration_card_required: boolean;
  auction_title: string;
  auction_slug: string;
  auction_type: 'timed' | 'live';
  starts_ms: string | number;
}

const REGISTRATION_COLUMNS = sql`g.id, g.auction_id, g.user_id, g.paddle, g.status, g.reason, g.address_id, g.phone,
  g.decided_by, extract(epoch from g.created_at) * 1000 as created_ms,
  extract(epoch from g.decided_at) * 1000 as decided_ms`;

/** The rules' facts about the bidder `u` (a users row alias). Strikes: orders overdue and not cleared (0350). */
const BIDDER_FACTS = sql`u.email_verified_at is not null as email_verified,
  u.stripe_payment_method_id is not null as card_on_file,
  exists (select 1 from addresses ad where ad.user_id = u.id) as has_address,
  ${activeStrikesOf(sql`u.id`)} as active_strikes,
  u.bidding_blocked_at is not null as blocked,
  (select count(*) from orders o where o.user_id = u.id
     and o.status in ('paid', 'shipped', 'delivered', 'partially_refunded')) as paid_purchases,
  (select bl.limit_cents from bidder_limits bl where bl.user_id = u.id) as limit_cents`;

/** The SQL of registrations to bid (issue 28 §1, decision 090). */
export function createRegistrationRepository(db: Db) {
  return {
    /** A public sale by id or slug; `lock` takes the sale row's lock, under which paddles are numbered. */
    async sale(tx: Db, idOrSlug: string, lock = false): Promise<SaleForRegistration | undefined> {
      const match = /^[0-9a-f-]{36}$/i.test(idOrSlug)
        ? sql`a.id = ${idOrSlug}::uuid`
        : sql`a.slug = ${idOrSlug}`;
      const [row] = await rows<SaleForRegistration>(
        tx,
        sql`select a.id, a.title, a.slug, a.type, a.registration_required, a.registration_card_required,
              a.status = 'draft' as draft,
              (a.status = 'cancelled' or (exists (select 1 from lots l where l.auction_id = a.id)
                 and not exists (select 1 from lots l where l.auction_id = a.id
                   and l.status in ('scheduled', 'open')))) as over
            from auctions a where ${match} ${lock ? sql`for update of a` : sql``}`,
      );
      return row;
    },

    async mine(tx: Db, auctionId: string, userId: string): Promise<RegistrationRow | undefined> {
      const [row] = await rows<RegistrationRow>(
        tx,
        sql`select ${REGISTRATION_COLUMNS} from sale_registrations g
            where g.auction_id = ${auctionId}::uuid and g.user_id = ${userId}::uuid`,
      );
      return row;
    },

    async facts(tx: Db, userId: string): Promise<BidderFactsRow | undefined> {
      const [row] = await rows<BidderFactsRow>(
        tx,
        sql`select ${BIDDER_FACTS} from users u where u.id = ${userId}::uuid`,
      );
      return row;
    },

    async ownsAddress(tx: Db, userId: string, addressId: string): Promise<boolean> {
      const [row] = await rows<{ ok: boolean }>(
        tx,
        sql`select exists (select 1 from addresses where id = ${addressId}::uuid and user_id = ${userId}::uuid) as ok`,
      );
      return row?.ok === true;
    },

    /**
     * Under the sale row's lock: the paddle staff handed over, or the next one above the sale's highest. A taken
     * paddle inserts nothing (undefined), which staff hear as a conflict.
     */
    async insert(
      tx: Db,
      r: {
        auctionId: string;
        userId: string;
        addressId: string | null;
        phone: string;
        approved: boolean;
        reason: string | null;
        paddle?: number | null;
        decidedBy?: string;
      },
    ): Promise<RegistrationRow | undefined> {
      const paddle =
        r.paddle ??
        // Paddles below the first are the room's own cards, handed out by staff: they do not move the online numbering.
        sql`coalesce((select max(paddle) from sale_registrations
                       where auction_id = ${r.auctionId}::uuid and paddle >= ${FIRST_PADDLE}), ${FIRST_PADDLE - 1}) + 1`;
      const [row] = await rows<RegistrationRow>(
        tx,
        sql`insert into sale_registrations as g (auction_id, user_id, paddle, status, reason, address_id, phone,
              terms_accepted_at, decided_at, decided_by)
            select ${r.auctionId}::uuid, ${r.userId}::uuid, ${paddle},
              ${r.approved ? 'approved' : 'pending'}, ${r.reason}, ${r.addressId}::uuid, ${r.phone}, clock_timestamp(),
              ${r.approved ? sql`clock_timestamp()` : sql`null`}, ${r.decidedBy ?? null}::uuid
            on conflict (auction_id, paddle) do nothing
            returning ${REGISTRATION_COLUMNS}`,
      );
      return row;
    },

    /** The account staff register by e-mail (stored lower-case), with its default address if any. */
    async accountByEmail(
      tx: Db,
      email: string,
    ): Promise<{ id: string; address_id: string | null } | undefined> {
      const [row] = await rows<{ id: string; address_id: string | null }>(
        tx,
        sql`select u.id,
              (select a.id from addresses a where a.user_id = u.id
                order by a.is_default desc, a.created_at desc, a.id desc limit 1) as address_id
            from users u where u.email = ${email}`,
      );
      return row;
    },

    async mineAll(userId: string): Promise<MyRegistrationRow[]> {
      return rows<MyRegistrationRow>(
        db,
        sql`select ${REGISTRATION_COLUMNS}, a.registration_card_required, a.title as auction_title,
              a.slug as auction_slug, a.type as auction_type,
              extract(epoch from a.starts_at) * 1000 as starts_ms
            from sale_registrations g join auctions a on a.id = g.auction_id
            where g.user_id = ${userId}::uuid and a.status <> 'draft'
            order by a.starts_at desc limit 100`,
      );
    },

    async lock(tx: Db, auctionId: string, registrationId: string): Promise<RegistrationRow | undefined> {
      const [row] = await rows<RegistrationRow>(
        tx,
        sql`select ${REGISTRATION_COLUMNS} from sale_registrations g
            where g.id = ${registrationId}::uuid and g.auction_id = ${auctionId}::uuid for update`,
      );
      return row;
    },

    async decide(
      tx: Db,
      id: string,
      d: { status: 'approved' | 'rejected'; reason: string | null; staffId: string },
    ): Promise<void> {
      await tx.execute(
        sql`update sale_registrations set status = ${d.status}, reason = ${d.reason}, decided_by = ${d.staffId}::uuid,
              decided_at = clock_timestamp()
            where id = ${id}::uuid`,
      );
    },

    async staffPage(
      auctionId: string,
      q: { status?: RegistrationStatus; page: number; pageSize: number },
      registrationId?: string,
    ): Promise<{ data: StaffRegistrationRow[]; total: number; counts: Record<RegistrationStatus, number> }> {
      const where = sql`g.auction_id = ${auctionId}::uuid
        ${q.status ? sql`and g.status = ${q.status}` : sql``}
        ${registrationId ? sql`and g.id = ${registrationId}::uuid` : sql``}`;
      const [data, counts] = await Promise.all([
        rows<StaffRegistrationRow>(
          db,
          sql`select ${REGISTRATION_COLUMNS}, trim(u.first_name || ' ' || u.last_name) as name, u.email,
                ${BIDDER_FACTS}, ad.name as address_name, ad.line1, ad.line2, ad.city, ad.state, ad.postal_code,
                ad.country
              from sale_registrations g join users u on u.id = g.user_id
              left join addresses ad on ad.id = g.address_id
              where ${where}
              -- Pending first (the queue), oldest first within it; decided ones by paddle.
              order by (g.status = 'pending') desc, case when g.status = 'pending' then g.created_at end, g.paddle
              limit ${q.pageSize} offset ${pageOffset(q)}`,
        ),
        rows<{ status: RegistrationStatus; n: string | number }>(
          db,
          sql`select status, count(*) as n from sale_registrations where auction_id = ${auctionId}::uuid group by status`,
        ),
      ]);
      const byStatus = { pending: 0, approved: 0, rejected: 0 };
      for (const c of counts) byStatus[c.status] = Number(c.n);
      const total = q.status ? byStatus[q.status] : byStatus.pending + byStatus.approved + byStatus.rejected;
      return { data, total, counts: byStatus };
    },

    /** Who hears of a decision, in their language. */
    async recipient(tx: Db, userId: string) {
      const [row] = await rows<{ email: string; first_name: string; language: string }>(
        tx,
        sql`select email, first_name, language from users where id = ${userId}::uuid`,
      );
      return row;
    },
  };
}
export type RegistrationRepository = ReturnType<typeof createRegistrationRepository>;
