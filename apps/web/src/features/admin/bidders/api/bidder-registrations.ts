import { useQuery } from '@tanstack/react-query';
import type { MyRegistration } from '@knotwork/shared/schemas/registrations';
import { api } from '@/lib/api-client.ts';

/** GET /admin/users/:id/registrations: the bidder's registrations to bid, newest sale first (decision 090). */
export function useBidderRegistrations(id: string) {
  return useQuery({
    queryKey: ['admin', 'bidder', id, 'registrations'],
    queryFn: ({ signal }) =>
      api<{ data: MyRegistration[] }>(`/admin/users/${id}/registrations`, { signal }).then((r) => r.data),
  });
}
