import { sql } from 'drizzle-orm';
import type { ChatStatus } from '@knotwork/shared/schemas/chat';
import type { Db } from '../../db/client.ts';
import { can, staffRoles } from '@knotwork/shared/abilities/staff';

/** The roles that answer the chat, from the shared ability table (decision 035); constants, so safe as SQL text. */
const CHAT_ROLES_SQL = sql.raw(
  staffRoles
    .filter((role) => can(role, 'read', 'chat'))
    .map((role) => `'${role}'`)
    .join(', '),
);

/** SQL of the live chat (decision 050). Rows come back in snake_case; the service maps them. */

export interface ConversationRow {
  id: string;
  user_id: string | null;
  email: string | null;
  language: 'en' | 'fr' | 'ar';
  status: ChatStatus;
  assignee_id: string | null;
  assignee_name: string | null;
  customer_first_name: string | null;
  customer_last_name: string | null;
  customer_email: string | null;
  waiting_since: Date | string | null;
  customer_seen_at: Date | string | null;
  last_message_at: Date | string;
  created_at: Date | string;
  staff_unread: number;
  customer_unread: number;
  last_message: string | null;
}

export interface MessageRow {
  id: string;
  conversation_id: string;
  author: 'customer' | 'staff';
  staff_name: string | null;
  body: string;
  created_at: Date | string;
}

const rows = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

const conversationColumns = sql`c.id, c.user_id, c.email, coalesce(u.language, c.language) as language, c.status, c.assignee_id,
  a.first_name as assignee_name, u.first_name as customer_first_name, u.last_name as customer_last_name,
  u.email as customer_email, c.waiting_since, c.customer_seen_at, c.last_message_at, c.created_at,
  (select count(*)::int from chat_messages m where m.conversation_id = c.id and m.author = 'customer'
     and m.created_at > coalesce(c.staff_read_at, '-infinity')) as staff_unread,
  (select count(*)::int from chat_messages m where m.conversation_id = c.id and m.author = 'staff'
     and m.created_at > coalesce(c.customer_read_at, '-infinity')) as customer_unread,
  (select m.body from chat_messages m where m.conversation_id = c.id order by m.created_at desc limit 1) as last_message`;
const conversationFrom = sql`from chat_conversations c
  left join users u on u.id = c.user_id
  left join users a on a.id = c.assignee_id`;

export function createChatRepository(db: Db) {
  return {
    async create(values: { userId: string | null; email: string | null; language: string }) {
      const [row] = rows<{ id: string }>(
        await db.execute(sql`insert into chat_conversations (user_id, email, language, waiting_since)
          values (${values.userId}::uuid, ${values.email}, ${values.language}, now()) returning id`),
      );
      return row!.id;
    },

    async find(id: string): Promise<ConversationRow | undefined> {
      return rows<ConversationRow>(
        await db.execute(sql`select ${conversationColumns} ${conversationFrom} where c.id = ${id}::uuid`),
      )[0];
    },

    async listForUser(userId: string): Promise<ConversationRow[]> {
      return rows<ConversationRow>(
        await db.execute(sql`select ${conversationColumns} ${conversationFrom}
          where c.user_id = ${userId}::uuid order by c.last_message_at desc limit 50`),
      );
    },

    async listForStaff(filter: {
      status?: ChatStatus | undefined;
      assignee?: string | undefined;
    }): Promise<ConversationRow[]> {
      const where = [sql`true`];
      if (filter.status) where.push(sql`c.status = ${filter.status}`);
      if (filter.assignee === 'none') where.push(sql`c.assignee_id is null`);
      else if (filter.assignee) where.push(sql`c.assignee_id = ${filter.assignee}::uuid`);
      // Longest-waiting first, then the most recent activity: the order staff should answer in.
      return rows<ConversationRow>(
        await db.execute(sql`select ${conversationColumns} ${conversationFrom}
          where ${sql.join(where, sql` and `)}
          order by c.waiting_since asc nulls last, c.last_message_at desc limit 200`),
      );
    },

    async messages(conversationId: string): Promise<MessageRow[]> {
      return rows<MessageRow>(
        await db.execute(sql`select m.id, m.conversation_id, m.author, s.first_name as staff_name, m.body, m.created_at
          from chat_messages m left join users s on s.id = m.staff_id
          where m.conversation_id = ${conversationId}::uuid order by m.created_at, m.id limit 500`),
      );
    },

    /**
     * Adds a message and moves the conversation on in one statement pair inside a transaction: a customer's
     * message (re)opens it and starts the wait; a staff reply ends the wait and leaves it pending on the customer.
     */
    async addMessage(
      conversationId: string,
      author: 'customer' | 'staff',
      body: string,
      staffId: string | null,
    ): Promise<MessageRow> {
      return db.transaction(async (tx) => {
        const [row] = rows<MessageRow>(
          await tx.execute(sql`insert into chat_messages (conversation_id, author, staff_id, body)
            values (${conversationId}::uuid, ${author}, ${staffId}::uuid, ${body})
            returning id, conversation_id, author, null::text as staff_name, body, created_at`),
        );
        if (author === 'customer') {
          await tx.execute(sql`update chat_conversations set status = 'open', last_message_at = ${row!.created_at},
            waiting_since = coalesce(waiting_since, ${row!.created_at}), customer_read_at = ${row!.created_at},
            customer_seen_at = now() where id = ${conversationId}::uuid`);
        } else {
          await tx.execute(sql`update chat_conversations set status = case when status = 'resolved' then status else 'pending' end,
            last_message_at = ${row!.created_at}, waiting_since = null, staff_read_at = ${row!.created_at},
            assignee_id = coalesce(assignee_id, ${staffId}::uuid) where id = ${conversationId}::uuid`);
          const [staff] = rows<{ first_name: string }>(
            await tx.execute(sql`select first_name from users where id = ${staffId}::uuid`),
          );
          row!.staff_name = staff?.first_name ?? null;
        }
        return row!;
      });
    },

    async markCustomerSeen(conversationId: string) {
      await db.execute(sql`update chat_conversations set customer_seen_at = now(), customer_read_at = clock_timestamp()
        where id = ${conversationId}::uuid`);
    },

    /** The widget closed (or the tab went away): the next staff reply goes by e-mail at once. */
    async markCustomerAway(conversationId: string) {
      await db.execute(
        sql`update chat_conversations set customer_seen_at = null where id = ${conversationId}::uuid`,
      );
    },

    async markStaffRead(conversationId: string) {
      await db.execute(
        sql`update chat_conversations set staff_read_at = clock_timestamp() where id = ${conversationId}::uuid`,
      );
    },

    async update(
      conversationId: string,
      changes: { status?: ChatStatus | undefined; assigneeId?: string | null | undefined },
    ) {
      const sets = [];
      if (changes.status !== undefined) sets.push(sql`status = ${changes.status}`);
      if (changes.assigneeId !== undefined) sets.push(sql`assignee_id = ${changes.assigneeId}::uuid`);
      if (sets.length === 0) return;
      await db.execute(
        sql`update chat_conversations set ${sql.join(sets, sql`, `)} where id = ${conversationId}::uuid`,
      );
    },

    /** A customer's latest accepted bids (their maximum per bid), newest first. */
    async customerBids(userId: string) {
      return rows<{
        lot_id: string;
        lot_number: number;
        title: string;
        max_amount: string | number;
        lot_status: string;
        created_at: Date | string;
      }>(
        await db.execute(sql`select b.lot_id, l.lot_number, r.title, b.max_amount, l.status as lot_status, b.created_at
          from bids b join lots l on l.id = b.lot_id join rugs r on r.id = l.rug_id
          where b.bidder_id = ${userId}::uuid and b.status = 'accepted' order by b.created_at desc limit 20`),
      );
    },

    async isStaff(userId: string): Promise<boolean> {
      const [row] = rows<{ ok: boolean }>(
        await db.execute(sql`select role in (${CHAT_ROLES_SQL}) as ok from users where id = ${userId}::uuid`),
      );
      return row?.ok === true;
    },

    async staffHeartbeat(userId: string) {
      await db.execute(sql`insert into chat_staff_presence (user_id, seen_at) values (${userId}::uuid, now())
        on conflict (user_id) do update set seen_at = excluded.seen_at`);
    },

    /** Staff seen within the window, whichever process served their heartbeat. */
    async staffOnlineCount(windowMs: number): Promise<number> {
      const [row] = rows<{ n: number }>(
        await db.execute(sql`select count(*)::int as n from chat_staff_presence p join users u on u.id = p.user_id
          where u.role in (${CHAT_ROLES_SQL}) and p.seen_at > now() - make_interval(secs => ${windowMs / 1000})`),
      );
      return row?.n ?? 0;
    },

    async staffList(windowMs: number) {
      return rows<{ id: string; first_name: string; last_name: string; online: boolean }>(
        await db.execute(sql`select u.id, u.first_name, u.last_name,
            coalesce(p.seen_at > now() - make_interval(secs => ${windowMs / 1000}), false) as online
          from users u left join chat_staff_presence p on p.user_id = u.id
          where u.role in (${CHAT_ROLES_SQL}) order by u.first_name, u.last_name limit 200`),
      );
    },
  };
}
export type ChatRepository = ReturnType<typeof createChatRepository>;
