import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TelephoneBookingCreate, TelephoneStanding } from '@knotwork/shared/schemas/telephone-bids';
import { api } from '@/lib/api-client.ts';

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
    onSuccess: () => client.invalidateQueries({ queryKey: ['my-items', 'telephone', saleId] }),
  });
}
