import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminTelephoneSale } from '@knotwork/shared/schemas/telephone-bids';
import { api } from '@/lib/api-client.ts';
import { telephoneBookingsKey } from './get-telephone-bookings.ts';

/** PUT /admin/auctions/{id}/telephone/{bookingId}/operator: who calls this bidder (null: nobody yet). */
export function useAssignOperator(saleId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ bookingId, operatorId }: { bookingId: string; operatorId: string | null }) =>
      api<{ message: string; data: AdminTelephoneSale }>(
        `/admin/auctions/${encodeURIComponent(saleId)}/telephone/${encodeURIComponent(bookingId)}/operator`,
        { method: 'PUT', body: { operatorId } },
      ),
    onSuccess: (res) => client.setQueryData(telephoneBookingsKey(saleId), res.data),
  });
}
