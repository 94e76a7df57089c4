import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminMessageDetail,
  AdminMessageListResponse,
  ContactStatus,
} from '@knotwork/shared/schemas/contact-staff';
import { api } from '@/lib/api-client.ts';

export type { AdminMessageDetail, ContactStatus };
type Answer = { message: string; data: AdminMessageDetail };
const key = ['admin', 'contact-messages'] as const;

/** GET /admin/messages: contact-form messages, newest first, by status. */
export function useContactMessages(
  query: { page: number; pageSize: number; status?: ContactStatus },
  enabled = true,
) {
  return useQuery({
    queryKey: [...key, query],
    queryFn: ({ signal }) => api<AdminMessageListResponse>('/admin/messages', { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** GET /admin/messages/:id: one message with its replies. */
export function useContactMessage(id: string) {
  return useQuery({
    queryKey: [...key, 'one', id],
    queryFn: ({ signal }) =>
      api<{ data: AdminMessageDetail }>(`/admin/messages/${id}`, { signal }).then((r) => r.data),
  });
}

function useMessageMutation<V>(fn: (v: V) => Promise<Answer>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => void client.invalidateQueries({ queryKey: key }) });
}

/** PATCH /admin/messages/:id. */
export const useSetMessageStatus = (id: string) =>
  useMessageMutation((status: ContactStatus) =>
    api<Answer>(`/admin/messages/${id}`, { method: 'PATCH', body: { status } }),
  );
/** POST /admin/messages/:id/replies: e-mailed to the sender; the message becomes answered. */
export const useReplyToMessage = (id: string) =>
  useMessageMutation((body: string) =>
    api<Answer>(`/admin/messages/${id}/replies`, { method: 'POST', body: { body } }),
  );
