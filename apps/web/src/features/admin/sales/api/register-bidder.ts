import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AdminRegistration,
  AdminRegistrationCreate,
} from '@knotwork/shared/schemas/registrations-staff';
import { api } from '@/lib/api-client.ts';

/**
 * POST /admin/auctions/{id}/registrations: staff register a bidder with an account (front desk, telephone), approved
 * at once, with the paddle handed over or the sale's next one.
 */
export function useRegisterBidder(saleId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminRegistrationCreate) =>
      api<{ message: string; data: AdminRegistration }>(`/admin/auctions/${saleId}/registrations`, {
        method: 'POST',
        body,
      }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['admin', 'sale', saleId, 'registrations'] }),
  });
}
