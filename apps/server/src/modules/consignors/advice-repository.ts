import { sql } from 'drizzle-orm';
import type { Language } from '@knotwork/shared/constants/languages';
import type { Db } from '../../db/client.ts';
import { rows } from '../../db/raw.ts';

const ms = (column: string) => sql.raw(`extract(epoch from ${column}) * 1000`);

/**
 * Sales are advised while they closed recently: a house upgrading to this version is not sent advices for every
 * consigned sale of its past, and the scan stays a handful of sales however long the house has run.
 */
const ADVISED_WITHIN = sql.raw(`interval '30 days'`);

/** A closed lot of a recently closed sale, its consignment item, and what prices its advice. */
export interface AdviceLotRow {
  auction_id: string;
  sale_title: string;
  sale_type: 'timed' | 'live';
  consignor_id: string;
  lot_id: string;
  lot_number: number;
  outcome: 'sold' | 'unsold';
  hammer: string | number | null;
  estimate_low: string | number;
  reserve: string | number | null;
  consignment_number: string;
  terms_override: Record<string, unknown> | null;
  rug_title: string;
}

/** Who an advice goes to: the consignor's address, else their linked account's; the account's language first. */
export interface AdviceRecipientRow {
  id: string;
  name: string;
  email: string | null;
  language: Language;
}

export interface AdviceRow {
  id: string;
  auction_id: string;
  sale_title: string;
  sale_slug: string;
  sale_type: 'timed' | 'live';
  ended_ms: string | number;
  created_ms: string | number;
  currency: string;
  lots: unknown;
}

/** The SQL of post-sale advices (issue 27 §2, migration 0300). */
export function createAdviceRepository() {
  return {
    /**
     * The consigned lots of recently closed sales whose consignor has no advice for the sale yet, for at most
     * `pairs` (sale, consignor) pairs. A lot's item is the rug's consignment received last before the lot closed (an
     * unsold rug offered again stays with its consignor; a rug resold and consigned again by its buyer does not). The
     * hammer is the buyer's order's (a second-chance price included; a buy-now order's all-in price), else the lot's.
     */
    pendingLots: (tx: Db, pairs: number) =>
      rows<AdviceLotRow>(
        tx,
        sql`with consigned as (
              select a.id as auction_id, a.title as sale_title, a.type as sale_type, i.consignor_id, l.id as lot_id,
                l.lot_number, l.outcome, l.hammer_price as lot_hammer, i.estimate_low,
                coalesce(i.reserve, l.reserve) as reserve, i.number as consignment_number, i.terms_override,
                r.title as rug_title,
                dense_rank() over (order by a.id, i.consignor_id) as pair
              from auctions a
                join lots l on l.auction_id = a.id and l.status = 'closed'
                join rugs r on r.id = l.rug_id
                join lateral (
                  select ci.estimate_low, ci.reserve, k.consignor_id, k.number, k.terms_override
                  from consignment_items ci join consignments k on k.id = ci.consignment_id
                  where ci.rug_id = l.rug_id and k.received_at <= coalesce(l.closed_at, l.ends_at)
                  order by k.received_at desc, ci.created_at desc limit 1
                ) i on true
              where a.status = 'closed' and a.ends_at >= clock_timestamp() - ${ADVISED_WITHIN}
                and not exists (select 1 from consignor_sale_advices x
                  where x.consignor_id = i.consignor_id and x.auction_id = a.id)
            )
            select c.auction_id, c.sale_title, c.sale_type, c.consignor_id, c.lot_id, c.lot_number, c.outcome,
              coalesce(o.hammer_price, case when o.kind = 'buy_now' then o.item_price end, c.lot_hammer) as hammer,
              c.estimate_low, c.reserve, c.consignment_number, c.terms_override, c.rug_title
            from consigned c
              left join lateral (select o1.hammer_price, o1.item_price, o1.kind from orders o1 where o1.lot_id = c.lot_id
                order by (o1.status not in ('cancelled', 'expired')) desc, o1.created_at desc limit 1) o on true
            where c.pair <= ${pairs}
            order by c.auction_id, c.consignor_id, c.lot_number`,
      ),

    recipients: (tx: Db, consignorIds: readonly string[]) =>
      rows<AdviceRecipientRow>(
        tx,
        sql`select c.id, c.name, coalesce(c.email, u.email) as email, coalesce(u.language, c.language) as language
            from consignors c left join users u on u.id = c.user_id
            where c.id = any(${sql.param([...consignorIds])}::uuid[])`,
      ),

    /** Writes the advice unless the pair has one: answers its id when this call wrote it, else null. */
    async insert(
      tx: Db,
      a: {
        consignorId: string;
        auctionId: string;
        currency: string;
        language: Language;
        lots: unknown[];
        emailedTo: string | null;
      },
    ): Promise<string | null> {
      const [row] = await rows<{ id: string }>(
        tx,
        sql`insert into consignor_sale_advices (consignor_id, auction_id, currency, language, lots, emailed_to)
            values (${a.consignorId}::uuid, ${a.auctionId}::uuid, ${a.currency}, ${a.language},
              ${JSON.stringify(a.lots)}::jsonb, ${a.emailedTo})
            on conflict (consignor_id, auction_id) do nothing
            returning id`,
      );
      return row?.id ?? null;
    },

    /** The consignor's advices, newest first. */
    ofConsignor: (tx: Db, consignorId: string) =>
      rows<AdviceRow>(
        tx,
        sql`select x.id, x.auction_id, a.title as sale_title, a.slug as sale_slug, a.type as sale_type,
              ${ms('a.ends_at')} as ended_ms, ${ms('x.created_at')} as created_ms, x.currency, x.lots
            from consignor_sale_advices x join auctions a on a.id = x.auction_id
            where x.consignor_id = ${consignorId}::uuid
            order by x.created_at desc, x.id limit 200`,
      ),
  };
}
export type AdviceRepository = ReturnType<typeof createAdviceRepository>;
