import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TelephoneStanding } from '@knotwork/shared/schemas/telephone-bids';
import { api } from '@/lib/api-client.ts';
import { MY_TELEPHONE_KEY } from './get-my-telephone.ts';

/** DELETE /rug/upcoming/{id}/telephone/{bookingId}: cancel a line until its lot is offered. */
export function useCancelTelephone(saleId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (bookingId: string) =>
      api<{ message: string; data: TelephoneStanding }>(
        `/rug/upcoming/${encodeURIComponent(saleId)}/telephone/${encodeURIComponent(bookingId)}`,
        { method: 'DELETE' },
      ),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['my-items', 'telephone', saleId] }),
        client.invalidateQueries({ queryKey: MY_TELEPHONE_KEY }),
      ]),
  });
}
