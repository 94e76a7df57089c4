import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { taxRateInputSchema, taxRateSchema } from '@knotwork/shared/schemas/orders-staff';
import { api } from '@/lib/api-client.ts';

export type TaxRate = z.infer<typeof taxRateSchema>;
export type TaxRateInput = z.input<typeof taxRateInputSchema>;

/** GET /admin/tax-rates: the destinations' tax rates (settings live in the database: no deploy to change one). */
export function useTaxRates() {
  return useQuery({
    queryKey: ['admin', 'tax-rates'],
    queryFn: ({ signal }) => api<{ data: TaxRate[] }>('/admin/tax-rates', { signal }).then((r) => r.data),
  });
}

function useTaxMutation<V>(fn: (v: V) => Promise<{ message: string }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => void client.invalidateQueries({ queryKey: ['admin', 'tax-rates'] }),
  });
}

/** PUT /admin/tax-rates: sets the rate of a country (or country and state). */
export const useSetTaxRate = () =>
  useTaxMutation((body: TaxRateInput) =>
    api<{ message: string }>('/admin/tax-rates', { method: 'PUT', body }),
  );

/** DELETE /admin/tax-rates/:id. */
export const useDeleteTaxRate = () =>
  useTaxMutation((id: string) => api<{ message: string }>(`/admin/tax-rates/${id}`, { method: 'DELETE' }));
