import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LiveClerkAction, LiveSaleView, LiveStaffView } from '@knotwork/shared/schemas/live-sales';
import { api } from '@/lib/api-client.ts';
import { keepNewestView } from '../lib/newest-view.ts';

export type ClerkView = LiveStaffView;

export const clerkKey = (id: string) => ['live-sales', 'clerk', id] as const;

/** GET /admin/live/{id}: the clerk's view (the book of absentee bids, online count, undo). */
export function useClerkView(id: string) {
  return useQuery<ClerkView>({
    queryKey: clerkKey(id),
    queryFn: async ({ signal }) =>
      (await api<{ data: ClerkView }>(`/admin/live/${encodeURIComponent(id)}`, { signal })).data,
    staleTime: Infinity,
    structuralSharing: keepNewestView,
  });
}

/** POST /admin/live/{id}/actions: one clerk action; the answer's view is applied at once, the clerk view refetched. */
export function useClerkAction(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: LiveClerkAction) =>
      api<{ data: LiveSaleView }>(`/admin/live/${encodeURIComponent(id)}/actions`, {
        method: 'POST',
        body: action,
      }),
    onSuccess: (res) => {
      client.setQueryData<ClerkView>(clerkKey(id), (old) =>
        old && old.seq < res.data.seq ? { ...old, ...res.data } : old,
      );
      void client.invalidateQueries({ queryKey: clerkKey(id) });
    },
  });
}
