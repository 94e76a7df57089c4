import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rows } from '../db/raw.ts';

/**
 * Two conversations in the staff inbox, so a newcomer signing in as staff sees what the chat looks like: the demo
 * collector waiting for an answer about a rug's condition, and a visitor's question already answered and resolved.
 * Seeded once: nothing is added when any conversation exists (a house's own are never touched).
 */
export async function seedDemoChat(app: FastifyInstance) {
  await app.ctx.db.transaction(async (tx) => {
    // Several processes may start together on one database: one seeds, the others then find its rows.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('knotwork:demo-chat'))`);
    const [any] = await rows<{ id: string }>(tx, sql`select id from chat_conversations limit 1`);
    if (any) return;
    const [collector] = await rows<{ id: string }>(
      tx,
      sql`select id from users where email = 'demo@knotwork.local'`,
    );
    const [staff] = await rows<{ id: string }>(
      tx,
      sql`select id from users where email = 'accounts@knotwork.local'`,
    );
    if (!collector || !staff) return;

    const [waiting] = await rows<{ id: string }>(
      tx,
      sql`insert into chat_conversations (user_id, language, status, waiting_since, last_message_at, created_at)
          values (${collector.id}::uuid, 'en', 'open', now() - interval '42 minutes', now() - interval '40 minutes',
                  now() - interval '42 minutes')
          returning id`,
    );
    await tx.execute(sql`insert into chat_messages (conversation_id, author, body, created_at) values
      (${waiting!.id}::uuid, 'customer',
       'Hello, could you tell me more about the condition of the Heriz in the winter sale? Are there any repairs to the ends?',
       now() - interval '42 minutes'),
      (${waiting!.id}::uuid, 'customer', 'And would shipping to Lisbon be possible?', now() - interval '40 minutes')`);

    const [answered] = await rows<{ id: string }>(
      tx,
      sql`insert into chat_conversations (email, language, status, assignee_id, staff_read_at, customer_read_at,
                                          last_message_at, created_at)
          values ('visitor@example.com', 'en', 'resolved', ${staff.id}::uuid, now() - interval '1 day',
                  now() - interval '1 day', now() - interval '1 day', now() - interval '1 day 2 hours')
          returning id`,
    );
    await tx.execute(sql`insert into chat_messages (conversation_id, author, staff_id, body, created_at) values
      (${answered!.id}::uuid, 'customer', null, 'Do you accept payment by bank transfer?', now() - interval '1 day 2 hours'),
      (${answered!.id}::uuid, 'staff', ${staff.id}::uuid,
       'Yes: the invoice you receive after the sale carries our bank details, and card and PayPal work too.',
       now() - interval '1 day')`);
  });
}
