import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

export interface MailboxMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  status: string;
  createdAt: string;
}

const REFRESH_MS = 3000;

export const mailboxQueryOptions = queryOptions({
  queryKey: ['dev-mailbox', 'messages'],
  queryFn: async () => {
    const { data } = await api<{ data: MailboxMessage[] }>('/dev/mailbox/messages');
    // Newest first whatever order the server keeps.
    return [...data].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
  },
  refetchInterval: (query) => (query.state.status === 'error' ? false : REFRESH_MS),
  staleTime: 0,
});

export function useMailbox() {
  return useQuery(mailboxQueryOptions);
}
