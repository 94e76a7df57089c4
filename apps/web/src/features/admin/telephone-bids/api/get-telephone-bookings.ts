import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminTelephoneSale } from '@knotwork/shared/schemas/telephone-bids';
import { api } from '@/lib/api-client.ts';

export const telephoneBookingsKey = (saleId: string) => ['admin', 'telephone', 'bookings', saleId] as const;

/** GET /admin/auctions/{id}/telephone: the sale's bookings by lot and the staff who may operate (decision 097). */
export const telephoneBookingsQueryOptions = (saleId: string) =>
  queryOptions({
    queryKey: telephoneBookingsKey(saleId),
    queryFn: async ({ signal }) =>
      (
        await api<{ data: AdminTelephoneSale }>(`/admin/auctions/${encodeURIComponent(saleId)}/telephone`, {
          signal,
        })
      ).data,
  });

export const useTelephoneBookings = (saleId: string) => useQuery(telephoneBookingsQueryOptions(saleId));
