import { sql } from 'drizzle-orm';
import type { AdminConditionQuery, ConditionDeskFilter } from '@knotwork/shared/schemas/condition-reports';
import type { Db } from '../../db/client.ts';
import { num, rows } from '../../db/raw.ts';
import { pageOffset } from '../../lib/paging.ts';
import { COVER_COLUMNS, COVER_JOIN, type CoverColumns } from '../catalogue/cover-sql.ts';

export interface ConditionLotRow extends CoverColumns {
  id: string;
  rug_id: string;
  rug_slug: string;
  title: string;
  lot_number: number;
  auction_id: string;
  auction_title: string;
  status: string;
  condition_grade: string;
  /** The lot's sale is still a draft: not public, nothing to ask about. */
  draft: boolean;
}

export interface ReportVersionRow {
  id: string;
  lot_id: string;
  version: number;
  body: string;
  author_name: string | null;
  created_ms: string | number;
}

export interface RequestRow {
  id: string;
  lot_id: string;
  user_id: string;
  question: string | null;
  requested_ms: string | number;
  due_ms: string | number;
  answered_ms: string | number | null;
  answered_version: number | null;
  answered_at_once: boolean;
}

export interface StaffRequestRow extends RequestRow {
  lot_number: number;
  rug_title: string;
  auction_title: string;
  user_name: string;
  user_email: string;
}

export interface MyRequestRow extends RequestRow {
  rug_id: string;
  rug_slug: string;
  rug_title: string;
  lot_number: number;
  auction_title: string;
}

export interface Recipient {
  user_id: string;
  email: string;
  first_name: string;
  language: string;
}

export interface DeskCounts {
  open: string | number;
  overdue: string | number;
  answered: string | number;
}

export interface DeskFiguresRow {
  open: string | number;
  overdue: string | number;
  answered: string | number;
  on_time: string | number;
  median_seconds: string | number | null;
}

const ms = (column: string) => sql.raw(`extract(epoch from ${column}) * 1000`);
const REQUEST_COLUMNS = sql`q.id, q.lot_id, q.user_id, q.question, ${ms('q.requested_at')} as requested_ms,
  ${ms('q.due_at')} as due_ms, ${ms('q.answered_at')} as answered_ms, q.answered_version, q.answered_at_once`;
const STAFF_COLUMNS = sql`${REQUEST_COLUMNS}, l.lot_number, r.title as rug_title, a.title as auction_title,
  trim(u.first_name || ' ' || u.last_name) as user_name, u.email as user_email`;
const STAFF_FROM = sql`from condition_report_requests q join lots l on l.id = q.lot_id join rugs r on r.id = l.rug_id
  join auctions a on a.id = l.auction_id join users u on u.id = q.user_id`;

/** Which requests a desk filter shows (`now` the statement's clock). */
function deskWhere(status: ConditionDeskFilter) {
  switch (status) {
    case 'open':
      return sql`q.answered_at is null`;
    case 'overdue':
      return sql`q.answered_at is null and q.due_at < clock_timestamp()`;
    case 'answered':
      return sql`q.answered_at is not null`;
    case 'all':
      return sql`true`;
  }
}

/** The SQL of condition reports on request (issue 29 §2, decision 095). */
export function createConditionReportRepository(db: Db) {
  return {
    /** A lot with its rug, sale and cover picture. */
    async lot(tx: Db, lotId: string): Promise<ConditionLotRow | undefined> {
      const [row] = await rows<ConditionLotRow>(
        tx,
        sql`select l.id, l.rug_id, r.slug as rug_slug, r.title, l.lot_number, l.auction_id, a.title as auction_title,
              l.status, r.condition_grade, a.status = 'draft' as draft, ${COVER_COLUMNS}
            from lots l join rugs r on r.id = l.rug_id join auctions a on a.id = l.auction_id ${COVER_JOIN}
            where l.id = ${lotId}::uuid`,
      );
      return row;
    },

    /**
     * Serialises a lot's requests and answers (a transaction-scoped advisory lock, not the lot row: bids lock that
     * row, and a request must never wait for a bid or hold one up). A request made while a report is published then
     * sees the new version, or is answered by it.
     */
    async lockLot(tx: Db, lotId: string): Promise<void> {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`condition:${lotId}`}, 0))`);
    },

    /** Every version of lots' reports, newest first (`latestOnly`: the highest version of each lot). */
    async versions(tx: Db, lotIds: readonly string[], latestOnly = false): Promise<ReportVersionRow[]> {
      if (lotIds.length === 0) return [];
      const ids = sql.join(
        lotIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      );
      return rows<ReportVersionRow>(
        tx,
        sql`select ${latestOnly ? sql`distinct on (c.lot_id)` : sql``} c.id, c.lot_id, c.version, c.body,
              nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as author_name,
              ${ms('c.created_at')} as created_ms
            from condition_reports c left join users u on u.id = c.author_id
            where c.lot_id in (${ids})
            order by c.lot_id, c.version desc`,
      );
    },

    /** The photos of reports, in their order. */
    async photos(tx: Db, reportIds: readonly string[]): Promise<{ report_id: string; image_id: string }[]> {
      if (reportIds.length === 0) return [];
      const ids = sql.join(
        reportIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      );
      return rows(
        tx,
        sql`select report_id, image_id from condition_report_photos where report_id in (${ids})
            order by report_id, position`,
      );
    },

    async request(tx: Db, lotId: string, userId: string): Promise<RequestRow | undefined> {
      const [row] = await rows<RequestRow>(
        tx,
        sql`select ${REQUEST_COLUMNS} from condition_report_requests q
            where q.lot_id = ${lotId}::uuid and q.user_id = ${userId}::uuid`,
      );
      return row;
    },

    /**
     * A new request, due `promiseHours` from now; answered at once by `version` when the lot has a report. Nothing
     * when the caller asked already (the unique pair): undefined, and the caller reads the existing one.
     */
    async insertRequest(
      tx: Db,
      r: {
        lotId: string;
        userId: string;
        question: string | null;
        promiseHours: number;
        version: number | null;
      },
    ): Promise<RequestRow | undefined> {
      const answered = r.version !== null;
      const [row] = await rows<RequestRow>(
        tx,
        sql`insert into condition_report_requests as q (lot_id, user_id, question, requested_at, due_at, answered_at,
              answered_version, answered_at_once)
            values (${r.lotId}::uuid, ${r.userId}::uuid, ${r.question}, clock_timestamp(),
              clock_timestamp() + make_interval(hours => ${r.promiseHours}),
              ${answered ? sql`clock_timestamp()` : sql`null`}, ${r.version}, ${answered})
            on conflict (lot_id, user_id) do nothing
            returning ${REQUEST_COLUMNS}`,
      );
      return row;
    },

    /** The next version of a lot's report (under the lot's lock), with its photos in order. */
    async insertVersion(
      tx: Db,
      v: { lotId: string; authorId: string; body: string; photoIds: readonly string[] },
    ): Promise<{ id: string; version: number }> {
      const [row] = await rows<{ id: string; version: number }>(
        tx,
        sql`insert into condition_reports (lot_id, version, body, author_id)
            select ${v.lotId}::uuid, coalesce(max(version), 0) + 1, ${v.body}, ${v.authorId}::uuid
            from condition_reports where lot_id = ${v.lotId}::uuid
            returning id, version`,
      );
      if (v.photoIds.length > 0) {
        await tx.execute(
          sql`insert into condition_report_photos (report_id, position, image_id)
              values ${sql.join(
                v.photoIds.map((id, i) => sql`(${row!.id}::uuid, ${i}, ${id}::uuid)`),
                sql`, `,
              )}`,
        );
      }
      return row!;
    },

    /** Marks a lot's open requests answered by `version`; returns their requesters. */
    async answerOpen(tx: Db, lotId: string, version: number): Promise<Recipient[]> {
      return rows<Recipient>(
        tx,
        sql`with answered as (
              update condition_report_requests set answered_at = clock_timestamp(), answered_version = ${version}
              where lot_id = ${lotId}::uuid and answered_at is null
              returning user_id)
            select u.id as user_id, u.email, u.first_name, u.language
            from answered join users u on u.id = answered.user_id order by u.id`,
      );
    },

    /** Everyone who already had the report: a correction reaches them too. */
    async answeredBefore(tx: Db, lotId: string): Promise<Recipient[]> {
      return rows<Recipient>(
        tx,
        sql`select u.id as user_id, u.email, u.first_name, u.language
            from condition_report_requests q join users u on u.id = q.user_id
            where q.lot_id = ${lotId}::uuid and q.answered_at is not null order by u.id`,
      );
    },

    async recipient(tx: Db, userId: string): Promise<Recipient | undefined> {
      const [row] = await rows<Recipient>(
        tx,
        sql`select id as user_id, email, first_name, language from users where id = ${userId}::uuid`,
      );
      return row;
    },

    /** A collector's requests, newest first, with their lots. */
    mine(userId: string): Promise<MyRequestRow[]> {
      return rows<MyRequestRow>(
        db,
        sql`select ${REQUEST_COLUMNS}, l.rug_id, r.slug as rug_slug, r.title as rug_title, l.lot_number,
              a.title as auction_title
            from condition_report_requests q join lots l on l.id = q.lot_id join rugs r on r.id = l.rug_id
            join auctions a on a.id = l.auction_id
            where q.user_id = ${userId}::uuid order by q.requested_at desc limit 100`,
      );
    },

    /** The desk: open requests overdue first, then the oldest due; answered ones newest first. */
    async desk(
      q: AdminConditionQuery,
    ): Promise<{ data: StaffRequestRow[]; total: number; counts: DeskCounts; nowMs: number }> {
      const order =
        q.status === 'answered'
          ? sql`q.answered_at desc, q.id`
          : sql`(q.answered_at is null) desc, (q.answered_at is null and q.due_at < clock_timestamp()) desc,
              q.due_at, q.answered_at desc, q.id`;
      const [data, [figures]] = await Promise.all([
        rows<StaffRequestRow>(
          db,
          sql`select ${STAFF_COLUMNS} ${STAFF_FROM} where ${deskWhere(q.status)}
              order by ${order} limit ${q.pageSize} offset ${pageOffset(q)}`,
        ),
        rows<DeskCounts & { now_ms: string | number }>(
          db,
          sql`select count(*) filter (where answered_at is null) as open,
                count(*) filter (where answered_at is null and due_at < clock_timestamp()) as overdue,
                count(*) filter (where answered_at is not null) as answered,
                ${ms('clock_timestamp()')} as now_ms
              from condition_report_requests`,
        ),
      ]);
      const counts = figures!;
      const total = q.status === 'all' ? num(counts.open) + num(counts.answered) : num(counts[q.status]);
      return { data, total, counts, nowMs: num(figures!.now_ms) };
    },

    /** A lot's requests for its page at the desk: open first (by due time), then answered. */
    lotRequests(lotId: string): Promise<StaffRequestRow[]> {
      return rows<StaffRequestRow>(
        db,
        sql`select ${STAFF_COLUMNS} ${STAFF_FROM} where q.lot_id = ${lotId}::uuid
            order by (q.answered_at is null) desc, q.due_at, q.id`,
      );
    },

    async now(): Promise<number> {
      const [row] = await rows<{ now_ms: string | number }>(
        db,
        sql`select ${ms('clock_timestamp()')} as now_ms`,
      );
      return num(row!.now_ms);
    },

    /**
     * The dashboard's figures: open and overdue now, and over the last `days` the requests the desk answered (those
     * answered at once from an existing report are left out: they measure nothing the desk did), how many inside
     * their clock, and the median time from request to answer.
     */
    async figures(days: number): Promise<DeskFiguresRow> {
      const [row] = await rows<DeskFiguresRow>(
        db,
        sql`select
              (select count(*) from condition_report_requests where answered_at is null) as open,
              (select count(*) from condition_report_requests where answered_at is null
                 and due_at < clock_timestamp()) as overdue,
              count(*) as answered,
              count(*) filter (where q.answered_at <= q.due_at) as on_time,
              percentile_cont(0.5) within group (order by extract(epoch from q.answered_at - q.requested_at))
                as median_seconds
            from condition_report_requests q
            where q.answered_at >= clock_timestamp() - make_interval(days => ${days}) and not q.answered_at_once`,
      );
      return row!;
    },
  };
}
export type ConditionReportRepository = ReturnType<typeof createConditionReportRepository>;
