import type { AdminChatSummary, ChatConversationSummary, ChatMessage } from '@knotwork/shared/schemas/chat';
import type { ConversationRow, MessageRow } from './repository.ts';

const iso = (v: Date | string) => new Date(v).toISOString();

export const toMessage = (m: MessageRow): ChatMessage => ({
  id: m.id,
  conversationId: m.conversation_id,
  author: m.author,
  staffName: m.author === 'staff' ? m.staff_name : null,
  body: m.body,
  createdAt: iso(m.created_at),
});

export const toCustomerSummary = (c: ConversationRow, channel: string): ChatConversationSummary => ({
  id: c.id,
  status: c.status,
  createdAt: iso(c.created_at),
  lastMessageAt: iso(c.last_message_at),
  unread: c.customer_unread,
  channel,
  lastMessage: c.last_message,
});

export const toStaffSummary = (c: ConversationRow): AdminChatSummary => ({
  id: c.id,
  status: c.status,
  customer: {
    userId: c.user_id,
    name: c.customer_first_name ? `${c.customer_first_name} ${c.customer_last_name ?? ''}`.trim() : null,
    email: c.customer_email ?? c.email,
    language: c.language,
  },
  assignee: c.assignee_id ? { id: c.assignee_id, name: c.assignee_name ?? '' } : null,
  unread: c.staff_unread,
  waitingSince: c.waiting_since ? iso(c.waiting_since) : null,
  lastMessageAt: iso(c.last_message_at),
  lastMessage: c.last_message,
  createdAt: iso(c.created_at),
});
