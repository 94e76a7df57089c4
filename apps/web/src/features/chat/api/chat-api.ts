import { env } from '@/config/env.ts';
import { api } from '@/lib/api-client.ts';
import { readToken } from '@/lib/session-storage.ts';
import {
  CHAT_TOKEN_HEADER,
  type AdminChatCustomerBid,
  type AdminChatDetail,
  type AdminChatReplyResponse,
  type AdminChatStaff,
  type AdminChatSummary,
  type AdminChatUpdateInput,
  type ChatAvailability,
  type ChatConversation,
  type ChatConversationSummary,
  type ChatMessage,
  type ChatStartResponse,
  type ChatStatus,
} from '@knotwork/shared/schemas/chat';
import type { AdminOrder } from '@knotwork/shared/schemas/orders-staff';

/** The chat's REST calls (decision 050); live messages arrive over the live socket. */
const tokenHeader = (token: string | null | undefined): Record<string, string> =>
  token ? { [CHAT_TOKEN_HEADER]: token } : {};

export const chatKeys = {
  availability: ['chat', 'availability'] as const,
  mine: (userId: string) => ['chat', 'mine', userId] as const,
  conversation: (id: string) => ['chat', 'conversation', id] as const,
  inbox: (status: ChatStatus | 'all') => ['chat', 'inbox', status] as const,
  inboxDetail: (id: string) => ['chat', 'inbox', 'detail', id] as const,
  staff: ['chat', 'staff'] as const,
};

export const getAvailability = () =>
  api<{ data: ChatAvailability }>('/chat/availability').then((r) => r.data);

export const startConversation = (input: { email?: string; body: string }) =>
  api<ChatStartResponse>('/chat/conversations', { method: 'POST', body: input });

export const listMyConversations = () =>
  api<{ data: ChatConversationSummary[] }>('/chat/conversations').then((r) => r.data);

export const getConversation = (id: string, token: string | null) =>
  api<{ data: ChatConversation }>(`/chat/conversations/${id}`, { headers: tokenHeader(token) }).then(
    (r) => r.data,
  );

export const postMessage = (id: string, token: string | null, body: string) =>
  api<{ data: ChatMessage }>(`/chat/conversations/${id}/messages`, {
    method: 'POST',
    body: { body },
    headers: tokenHeader(token),
  }).then((r) => r.data);

export const markSeen = (id: string, token: string | null) =>
  api<{ data: ChatAvailability }>(`/chat/conversations/${id}/seen`, {
    method: 'POST',
    headers: tokenHeader(token),
  }).then((r) => r.data);

/**
 * The widget closed or the tab is going away: staff replies from now on go by e-mail too. `keepalive` lets the
 * request outlive the page (sendBeacon cannot carry the token header).
 */
export function markAway(id: string, token: string | null) {
  const auth = readToken();
  void fetch(`${env.apiBaseUrl}/chat/conversations/${id}/away`, {
    method: 'POST',
    keepalive: true,
    headers: { ...tokenHeader(token), ...(auth ? { Authorization: `Bearer ${auth}` } : {}) },
  }).catch(() => undefined);
}

// ---- Staff ----

export const listInbox = (status: ChatStatus | 'all') =>
  api<{ data: AdminChatSummary[] }>('/admin/chat/conversations', {
    query: { status: status === 'all' ? undefined : status },
  }).then((r) => r.data);

export const getInboxConversation = (id: string) =>
  api<{ data: AdminChatDetail }>(`/admin/chat/conversations/${id}`).then((r) => r.data);

export const replyAsStaff = (id: string, body: string) =>
  api<AdminChatReplyResponse>(`/admin/chat/conversations/${id}/messages`, { method: 'POST', body: { body } });

export const updateConversation = (id: string, changes: AdminChatUpdateInput) =>
  api<{ data: AdminChatDetail }>(`/admin/chat/conversations/${id}`, { method: 'PATCH', body: changes }).then(
    (r) => r.data,
  );

export const listStaff = () => api<{ data: AdminChatStaff[] }>('/admin/chat/staff').then((r) => r.data);

export const staffHeartbeat = () =>
  api<{ data: ChatAvailability }>('/admin/chat/presence', { method: 'POST' }).then((r) => r.data);

export const getCustomerBids = (conversationId: string) =>
  api<{ data: AdminChatCustomerBid[] }>(`/admin/chat/conversations/${conversationId}/bids`).then(
    (r) => r.data,
  );

/** The existing staff orders list, filtered to one customer. */
export const getCustomerOrders = (userId: string) =>
  api<{ data: AdminOrder[] }>('/admin/orders', { query: { userId, pageSize: 10 } }).then((r) => r.data);
