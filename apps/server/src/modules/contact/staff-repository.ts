import { sql, type SQL } from 'drizzle-orm';
import type { AdminMessageListQuery, ContactStatus } from '@knotwork/shared/schemas/contact-staff';
import type { Language } from '@knotwork/shared/constants/languages';
import type { Db } from '../../db/client.ts';
import { num, rows } from '../../db/raw.ts';
import { pageOffset } from '../../lib/paging.ts';

const iso = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

export interface MessageRow {
  id: string;
  name: string;
  email: string;
  mobile_number: string;
  message: string;
  status: ContactStatus;
  language: Language | null;
  user_id: string | null;
  created_at: string;
}

/** SQL of the contact-form messages as staff work through them. */
export function createAdminMessageRepository(db: Db) {
  return {
    /** Newest (or oldest) first, optionally by status; walks contact_messages_(status_)created_idx. */
    async list(q: AdminMessageListQuery) {
      const where: SQL = q.status ? sql`where m.status = ${q.status}` : sql``;
      const dir = sql.raw(q.order === 'asc' ? 'asc' : 'desc');
      const [data, count] = await Promise.all([
        rows<{
          id: string;
          name: string;
          email: string;
          excerpt: string;
          status: ContactStatus;
          reply_count: string;
          created_at: string;
        }>(
          db,
          sql`select m.id, m.name, m.email, left(m.message, 160) as excerpt, m.status, ${iso('m.created_at')} as created_at,
                (select count(*) from contact_replies r where r.message_id = m.id) as reply_count
              from contact_messages m ${where}
              order by m.created_at ${dir}, m.id ${dir} limit ${q.pageSize} offset ${pageOffset(q)}`,
        ),
        rows<{ n: string }>(db, sql`select count(*) as n from contact_messages m ${where}`),
      ]);
      return { data, total: num(count[0]?.n ?? 0) };
    },

    async find(tx: Db, id: string, lock = false): Promise<MessageRow | undefined> {
      const [row] = await rows<MessageRow>(
        tx,
        sql`select m.id, m.name, m.email, m.mobile_number, m.message, m.status, m.language, m.user_id,
              ${iso('m.created_at')} as created_at
            from contact_messages m where m.id = ${id}::uuid ${lock ? sql`for update` : sql``}`,
      );
      return row;
    },

    async replies(tx: Db, id: string) {
      return rows<{
        id: string;
        body: string;
        language: Language;
        staff_name: string | null;
        created_at: string;
      }>(
        tx,
        sql`select r.id, r.body, r.language, nullif(trim(u.first_name || ' ' || u.last_name), '') as staff_name,
              ${iso('r.created_at')} as created_at
            from contact_replies r left join users u on u.id = r.staff_id
            where r.message_id = ${id}::uuid order by r.created_at, r.id`,
      );
    },

    async setStatus(tx: Db, id: string, status: ContactStatus): Promise<void> {
      await tx.execute(
        sql`update contact_messages set status = ${status}, updated_at = now() where id = ${id}::uuid`,
      );
    },

    async addReply(tx: Db, id: string, staffId: string, body: string, language: Language): Promise<string> {
      const [row] = await rows<{ id: string }>(
        tx,
        sql`insert into contact_replies (message_id, staff_id, body, language)
            values (${id}::uuid, ${staffId}::uuid, ${body}, ${language}) returning id`,
      );
      return row!.id;
    },
  };
}
