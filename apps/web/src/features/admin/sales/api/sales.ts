import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  AdminAuctionCreate,
  AdminLotCreate,
  adminAuctionDetailResponseSchema,
} from '@knotwork/shared/schemas/sales-staff';
import { api } from '@/lib/api-client.ts';

export type AdminSaleDetail = z.infer<typeof adminAuctionDetailResponseSchema>['data'];

/** GET /admin/auctions/:id with every lot (reserve, leader and maximum included); polled while open. */
export function useAdminSale(id: string | undefined) {
  return useQuery({
    queryKey: ['admin', 'sale', id],
    queryFn: ({ signal }) =>
      api<{ data: AdminSaleDetail }>(`/admin/auctions/${id}`, { signal }).then((r) => r.data),
    enabled: Boolean(id),
    // A lot's state changes with every bid: staff watching a running sale see it within seconds.
    refetchInterval: (q) => (q.state.data?.status === 'open' ? 5_000 : false),
  });
}

export function useCreateSale() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<AdminAuctionCreate>) =>
      api<{ data: { id: string } }>('/admin/auctions', { method: 'POST', body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['admin', 'sales'] }),
  });
}

export function useSaleMutation<V>(saleId: string, fn: (vars: V) => Promise<{ message?: string }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['admin', 'sale', saleId] });
      void client.invalidateQueries({ queryKey: ['admin', 'sales'] });
    },
  });
}

export const useAddLot = (saleId: string) =>
  useSaleMutation(saleId, (body: Partial<AdminLotCreate>) =>
    api<{ message?: string }>(`/admin/auctions/${saleId}/lots`, { method: 'POST', body }),
  );
export const useWithdrawLot = (saleId: string) =>
  useSaleMutation(saleId, ({ lotId, reason }: { lotId: string; reason?: string }) =>
    api<{ message: string }>(`/admin/lots/${lotId}/withdraw`, {
      method: 'POST',
      body: reason ? { reason } : {},
    }),
  );
