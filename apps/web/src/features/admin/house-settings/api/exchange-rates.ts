import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminExchangeRate, ExchangeRateInput } from '@knotwork/shared/schemas/exchange-rates';
import { api } from '@/lib/api-client.ts';
import { refreshExchangeRates } from '@/lib/currency/exchange-rates.ts';

const key = ['admin', 'exchange-rates'] as const;

/** GET /admin/exchange-rates: the display rates with who set each (accounts read them, admins set them). */
export function useAdminExchangeRates() {
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      api<{ data: { base: string; rates: AdminExchangeRate[] } }>('/admin/exchange-rates', { signal }).then(
        (r) => r.data,
      ),
  });
}

/** A change refreshes the back office's list and the visitor-side rates this browser shows. */
function useRateMutation<V>(fn: (v: V) => Promise<{ message: string }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: key });
      void refreshExchangeRates(client);
    },
  });
}

/** PUT /admin/exchange-rates: sets a currency's rate per unit of the house currency ("0.79"). */
export const useSetExchangeRate = () =>
  useRateMutation((body: ExchangeRateInput) =>
    api<{ message: string }>('/admin/exchange-rates', { method: 'PUT', body }),
  );

/** DELETE /admin/exchange-rates/:currency. */
export const useDeleteExchangeRate = () =>
  useRateMutation((currency: string) =>
    api<{ message: string }>(`/admin/exchange-rates/${encodeURIComponent(currency)}`, { method: 'DELETE' }),
  );
