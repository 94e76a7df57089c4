import { webPaths } from '@knotwork/shared/constants/web-paths';
import { STAFF_CHAT_CHANNEL, userChannel, type Channel } from '@knotwork/shared/realtime/events';
import {
  CHAT_PRESENCE_WINDOW_MS,
  CHAT_REPLY_WITHIN_HOURS,
  chatMessages,
  type AdminChatUpdateInput,
  type ChatConversation,
  type ChatStatus,
} from '@knotwork/shared/schemas/chat';
import type { Language } from '@knotwork/shared/constants/languages';
import type { Db } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/http-error.ts';
import type { EventBus } from '../../realtime/bus.ts';
import type { AuthContext } from '../auth/tokens.ts';
import type { MailDispatcher } from '../mail/dispatch.ts';
import { createChatSecrets } from './access.ts';
import { chatReplyMail } from './chat-mail.ts';
import { toCustomerSummary, toMessage, toStaffSummary } from './mappers.ts';
import { createChatRepository, type ConversationRow } from './repository.ts';

export interface ChatServiceDeps {
  db: Db;
  bus: EventBus;
  mail: MailDispatcher;
  secret: string;
  publicUrl: string;
  log: { error(obj: unknown, msg: string): void };
}

/** Who is asking for a conversation from the customer side: a signed-in user, and/or a visitor's token. */
export interface CustomerCaller {
  auth: AuthContext | null;
  token: string | undefined;
}

/**
 * The live chat's rules (decision 050). A conversation is its customer's (the user it belongs to, or whoever holds
 * the visitor token) and the staff's; anyone else gets the same 404 as for an id that does not exist.
 */
export function createChatService(deps: ChatServiceDeps) {
  const repo = createChatRepository(deps.db);
  const secrets = createChatSecrets(deps.secret);
  const present = (at: Date | string | null) =>
    at !== null && Date.now() - new Date(at).getTime() < CHAT_PRESENCE_WINDOW_MS;

  const customerChannel = (c: Pick<ConversationRow, 'id' | 'user_id'>): Channel =>
    c.user_id ? userChannel(c.user_id.toLowerCase()) : `chat:${secrets.channelKey(c.id)}`;

  // After commit, best effort (decision 018): a lost live event is made up by the next fetch.
  function publish(
    channels: Channel[],
    event: 'chat.message' | 'chat.conversation',
    data: Record<string, unknown>,
  ) {
    for (const channel of channels) {
      const p =
        event === 'chat.message'
          ? deps.bus.publish(
              channel,
              event,
              data as { conversationId: string; message: Record<string, unknown> },
            )
          : deps.bus.publish(channel, event, data as { conversationId: string });
      p.catch((err: unknown) => deps.log.error(err, 'chat event could not be published'));
    }
  }

  async function authorize(id: string, caller: CustomerCaller): Promise<ConversationRow> {
    const row = await repo.find(id);
    const allowed =
      row && (row.user_id ? caller.auth?.userId === row.user_id : secrets.tokenMatches(row.id, caller.token));
    if (!row || !allowed) throw notFound(chatMessages.notFound);
    return row;
  }

  async function conversation(row: ConversationRow): Promise<ChatConversation> {
    const messages = await repo.messages(row.id);
    return { ...toCustomerSummary(row, customerChannel(row)), messages: messages.map(toMessage) };
  }

  async function staffDetail(id: string) {
    const row = await repo.find(id);
    if (!row) throw notFound(chatMessages.notFound);
    const messages = await repo.messages(id);
    return {
      ...toStaffSummary(row),
      messages: messages.map(toMessage),
      customerPresent: present(row.customer_seen_at),
    };
  }

  return {
    async availability() {
      const online = await repo.staffOnlineCount(CHAT_PRESENCE_WINDOW_MS);
      return { staffOnline: online > 0, replyWithinHours: CHAT_REPLY_WITHIN_HOURS };
    },

    async start(
      auth: AuthContext | null,
      input: { email?: string | undefined; body: string },
      language: Language,
    ) {
      if (!auth && !input.email)
        throw badRequest(chatMessages.emailRequired, { errors: { email: chatMessages.emailRequired } });
      const id = await repo.create({
        userId: auth?.userId ?? null,
        email: auth ? null : input.email!,
        language,
      });
      const message = await repo.addMessage(id, 'customer', input.body, null);
      const row = (await repo.find(id))!;
      publish([STAFF_CHAT_CHANNEL], 'chat.message', { conversationId: id, message: toMessage(message) });
      return { data: await conversation(row), token: auth ? null : secrets.token(id) };
    },

    async listMine(userId: string) {
      const list = await repo.listForUser(userId);
      return list.map((c) => ({ ...toCustomerSummary(c, customerChannel(c)) }));
    },

    async get(id: string, caller: CustomerCaller) {
      return conversation(await authorize(id, caller));
    },

    async post(id: string, caller: CustomerCaller, body: string) {
      const row = await authorize(id, caller);
      const message = toMessage(await repo.addMessage(row.id, 'customer', body, null));
      publish([customerChannel(row), STAFF_CHAT_CHANNEL], 'chat.message', {
        conversationId: row.id,
        message,
      });
      return message;
    },

    /** The customer's widget is showing the conversation: their unread count clears and replies stay in the chat. */
    async seen(id: string, caller: CustomerCaller) {
      const row = await authorize(id, caller);
      await repo.markCustomerSeen(row.id);
    },

    async away(id: string, caller: CustomerCaller) {
      const row = await authorize(id, caller);
      await repo.markCustomerAway(row.id);
    },

    // ---- Staff ----

    listForStaff: async (filter: { status?: ChatStatus | undefined; assignee?: string | undefined }) =>
      (await repo.listForStaff(filter)).map(toStaffSummary),

    async openForStaff(id: string) {
      const detail = await staffDetail(id);
      if (detail.unread > 0) {
        await repo.markStaffRead(id);
        publish([STAFF_CHAT_CHANNEL], 'chat.conversation', { conversationId: id });
      }
      return { ...detail, unread: 0 };
    },

    /** A staff reply: live to the customer's channel, and by e-mail when their widget is not open. */
    async reply(staffId: string, id: string, body: string) {
      const row = await repo.find(id);
      if (!row) throw notFound(chatMessages.notFound);
      const lastCustomer = (await repo.messages(id)).filter((m) => m.author === 'customer').at(-1);
      const message = toMessage(await repo.addMessage(id, 'staff', body, staffId));
      publish([customerChannel(row), STAFF_CHAT_CHANNEL], 'chat.message', { conversationId: id, message });
      const to = row.customer_email ?? row.email;
      const emailed = !present(row.customer_seen_at) && to !== null;
      if (emailed) {
        const link = new URL(webPaths.home.href(), deps.publicUrl);
        link.searchParams.set('chat', id);
        if (!row.user_id) link.searchParams.set('chatToken', secrets.token(id));
        deps.mail.dispatch({
          to: to,
          ...chatReplyMail({
            staffName: message.staffName ?? 'Knotwork',
            reply: body,
            customerMessage: lastCustomer?.body ?? null,
            link: link.toString(),
            firstName: row.customer_first_name ?? undefined,
            language: row.language,
          }),
        });
      }
      return { data: message, emailed };
    },

    async update(id: string, changes: AdminChatUpdateInput) {
      const row = await repo.find(id);
      if (!row) throw notFound(chatMessages.notFound);
      if (changes.assigneeId && !(await repo.isStaff(changes.assigneeId))) {
        throw badRequest(chatMessages.assigneeNotStaff, {
          errors: { assigneeId: chatMessages.assigneeNotStaff },
        });
      }
      await repo.update(id, changes);
      publish([STAFF_CHAT_CHANNEL], 'chat.conversation', { conversationId: id });
      return staffDetail(id);
    },

    async customerBids(id: string) {
      const row = await repo.find(id);
      if (!row) throw notFound(chatMessages.notFound);
      if (!row.user_id) return [];
      return (await repo.customerBids(row.user_id)).map((b) => ({
        lotId: b.lot_id,
        lotNumber: b.lot_number,
        rugTitle: b.title,
        maxAmount: Number(b.max_amount),
        lotStatus: b.lot_status,
        createdAt: new Date(b.created_at).toISOString(),
      }));
    },

    heartbeat: (staffId: string) => repo.staffHeartbeat(staffId),

    async staff() {
      return (await repo.staffList(CHAT_PRESENCE_WINDOW_MS)).map((s) => ({
        id: s.id,
        name: `${s.first_name} ${s.last_name}`.trim(),
        online: s.online,
      }));
    },
  };
}
export type ChatService = ReturnType<typeof createChatService>;
