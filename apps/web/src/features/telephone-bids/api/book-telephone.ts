import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TelephoneBookingCreate, TelephoneStanding } from '@knotwork/shared/schemas/telephone-bids';
import { api } from '@/lib/api-client.ts';
import { MY_TELEPHONE_KEY } from './get-my-telephone.ts';

/** POST /rug/upcoming/{id}/telephone: book lines for the chosen lots, all or none. */
export function useBookTelephone(saleId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TelephoneBookingCreate) =>
      api<{ message: string; data: TelephoneStanding }>(
        `/rug/upcoming/${encodeURIComponent(saleId)}/telephone`,
        {
          method: 'POST',
          body,
        },
      ),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['my-items', 'telephone', saleId] }),
        client.invalidateQueries({ queryKey: MY_TELEPHONE_KEY }),
      ]),
  });
}
