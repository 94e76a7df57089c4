import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RegistrationStanding } from '@knotwork/shared/schemas/registrations';
import { api } from '@/lib/api-client.ts';
import { useAuthStore } from '@/lib/auth-store.ts';

/** GET /rug/upcoming/{id}/registration: whether the sale requires registration, and mine (decision 090). */
export async function getRegistration(saleId: string, signal?: AbortSignal): Promise<RegistrationStanding> {
  const res = await api<{ data: RegistrationStanding }>(
    `/rug/upcoming/${encodeURIComponent(saleId)}/registration`,
    { signal },
  );
  return res.data;
}

export const registrationQueryOptions = (saleId: string, userId: string | null) =>
  queryOptions({
    // Under 'my-items': signing in or out, and a decision read in the bell, refresh it with the lists.
    queryKey: ['my-items', 'registration', saleId, userId],
    queryFn: ({ signal }) => getRegistration(saleId, signal),
    staleTime: 30_000,
  });

export function useRegistration(saleId: string, enabled = true) {
  const userId = useAuthStore((s) => s.user?.id ?? null);
  return useQuery({ ...registrationQueryOptions(saleId, userId), enabled });
}
