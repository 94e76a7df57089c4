import { useQuery } from '@tanstack/react-query';
import type { MyRegistration } from '@knotwork/shared/schemas/registrations';
import { api } from '@/lib/api-client.ts';
import { useAuthStore } from '@/lib/auth-store.ts';

/** GET /rug/offer/registrations: my registrations to bid, newest sale first (My Items). */
export function useMyRegistrations() {
  const userId = useAuthStore((s) => s.user?.id ?? null);
  return useQuery({
    queryKey: ['my-items', 'registrations', userId],
    queryFn: ({ signal }) =>
      api<{ data: MyRegistration[] }>('/rug/offer/registrations', { signal }).then((r) => r.data),
    enabled: userId !== null,
  });
}
