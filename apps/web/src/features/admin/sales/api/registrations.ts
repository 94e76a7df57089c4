import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RegistrationStatus } from '@knotwork/shared/schemas/registrations';
import type {
  AdminRegistration,
  AdminRegistrationDecision,
  AdminRegistrationList,
} from '@knotwork/shared/schemas/registrations-staff';
import { api } from '@/lib/api-client.ts';

const key = (saleId: string) => ['admin', 'sale', saleId, 'registrations'];

/** GET /admin/auctions/{id}/registrations: the sale's approval queue, pending first (issue 28 §5). */
export function useSaleRegistrations(saleId: string, status: RegistrationStatus | 'all', page: number) {
  return useQuery({
    queryKey: [...key(saleId), status, page],
    queryFn: ({ signal }) =>
      api<AdminRegistrationList>(
        `/admin/auctions/${saleId}/registrations?page=${page}&pageSize=25${status === 'all' ? '' : `&status=${status}`}`,
        { signal },
      ),
    // Registrations arrive while staff watch the queue before a sale.
    refetchInterval: 15_000,
  });
}

/** POST /admin/auctions/{id}/registrations/{registrationId}/decision: approve (with a limit) or reject. */
export function useDecideRegistration(saleId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: AdminRegistrationDecision }) =>
      api<{ message: string; data: AdminRegistration }>(
        `/admin/auctions/${saleId}/registrations/${id}/decision`,
        { method: 'POST', body: decision },
      ),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: key(saleId) });
      // The sale's count of pending registrations.
      void client.invalidateQueries({ queryKey: ['admin', 'sale', saleId], exact: true });
    },
  });
}
