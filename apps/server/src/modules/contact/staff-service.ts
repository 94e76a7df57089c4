import { DEFAULT_LANGUAGE } from '@knotwork/shared/constants/languages';
import {
  adminMessageMessages as m,
  type AdminMessageDetail,
  type AdminMessageListQuery,
  type AdminMessageListResponse,
  type ContactStatus,
} from '@knotwork/shared/schemas/contact-staff';
import type { Db } from '../../db/client.ts';
import { num } from '../../db/raw.ts';
import { notFound } from '../../lib/http-error.ts';
import { recordStaffAction } from '../audit/audit-writer.ts';
import type { Mailer } from '../mail/mailer.ts';
import { contactReplyMail } from './staff-reply-mail.ts';
import { createAdminMessageRepository } from './staff-repository.ts';
import { pageMeta } from '../../lib/paging.ts';

/**
 * Contact-form messages in the back office (issue 11, decision 060): staff read them, mark them answered or
 * closed, and reply by e-mail in the sender's language (English when it is not known). The reply and the status
 * change are stored and audited in one transaction; the mail goes out through the mailer (kept in mail_outbox)
 * once that has committed.
 */
export function createAdminMessageService({ db, mailer }: { db: Db; mailer: Mailer }) {
  const repo = createAdminMessageRepository(db);

  async function load(tx: Db, id: string): Promise<AdminMessageDetail> {
    const row = await repo.find(tx, id);
    if (!row) throw notFound(m.messageNotFound);
    const replies = await repo.replies(tx, id);
    return {
      id: row.id,
      name: row.name,
      email: row.email,
      mobileNumber: row.mobile_number,
      message: row.message,
      status: row.status,
      language: row.language ?? DEFAULT_LANGUAGE,
      userId: row.user_id,
      createdAt: row.created_at,
      replies: replies.map((r) => ({
        id: r.id,
        body: r.body,
        language: r.language,
        staffName: r.staff_name,
        createdAt: r.created_at,
      })),
    };
  }

  return {
    async list(q: AdminMessageListQuery): Promise<AdminMessageListResponse> {
      const { data, total } = await repo.list(q);
      return {
        data: data.map((r) => ({
          id: r.id,
          name: r.name,
          email: r.email,
          excerpt: r.excerpt,
          status: r.status,
          replyCount: num(r.reply_count),
          createdAt: r.created_at,
        })),
        meta: pageMeta(q, total),
      };
    },

    detail: (id: string) => load(db, id),

    async setStatus(staffId: string, id: string, status: ContactStatus): Promise<AdminMessageDetail> {
      return db.transaction(async (tx) => {
        const row = await repo.find(tx, id, true);
        if (!row) throw notFound(m.messageNotFound);
        await repo.setStatus(tx, id, status);
        await recordStaffAction(tx, {
          staffId,
          action: 'set_message_status',
          contactMessageId: id,
          userId: row.user_id,
          details: { from: row.status, to: status },
        });
        return load(tx, id);
      });
    },

    async reply(staffId: string, id: string, body: string): Promise<AdminMessageDetail> {
      const { detail, row } = await db.transaction(async (tx) => {
        const found = await repo.find(tx, id, true);
        if (!found) throw notFound(m.messageNotFound);
        const language = found.language ?? DEFAULT_LANGUAGE;
        const replyId = await repo.addReply(tx, id, staffId, body, language);
        await repo.setStatus(tx, id, 'answered');
        await recordStaffAction(tx, {
          staffId,
          action: 'reply_message',
          contactMessageId: id,
          userId: found.user_id,
          details: { replyId, language, to: found.email },
        });
        return { detail: await load(tx, id), row: found };
      });
      // After the commit: a rolled-back reply is never mailed. The mailer records the mail (sent, logged or failed)
      // in mail_outbox and never throws a delivery failure at staff.
      await mailer.send({
        to: row.email,
        ...contactReplyMail({
          name: row.name,
          reply: body,
          original: row.message,
          receivedAt: new Date(row.created_at),
          language: detail.language,
        }),
      });
      return detail;
    },
  };
}
