import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import type { AdminAuctionUpdate } from '@knotwork/shared/schemas/sales-staff';
import { useSaleMutation } from './sales.ts';

/** PATCH /admin/auctions/:id: rules and schedule before the start, title and description at any time. */
export const useUpdateSale = (saleId: string) =>
  useSaleMutation(saleId, (body: Partial<AdminAuctionUpdate>) =>
    api<{ message?: string }>(`/admin/auctions/${saleId}`, { method: 'PATCH', body }),
  );

/** POST /admin/auctions/:id/publish or /unpublish: a draft becomes visible, or goes back to draft. */
export const usePublishSale = (saleId: string) =>
  useSaleMutation(saleId, (publish: boolean) =>
    api<{ message: string }>(`/admin/auctions/${saleId}/${publish ? 'publish' : 'unpublish'}`, {
      method: 'POST',
    }),
  );

/** PUT /admin/auctions/:id/lot-order: every lot, lot 1 first. */
export const useRenumberLots = (saleId: string) =>
  useSaleMutation(saleId, (lotIds: string[]) =>
    api<{ message: string }>(`/admin/auctions/${saleId}/lot-order`, { method: 'PUT', body: { lotIds } }),
  );

/**
 * DELETE /admin/auctions/:id: a draft and its lots, for good. Only the list is refreshed: refetching the sale itself
 * while its page is still shown would ask for a sale that no longer exists (a 404 in the console) before the page
 * navigates away; its cache entry goes with the page.
 */
export function useDeleteSale(saleId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ message: string }>(`/admin/auctions/${saleId}`, { method: 'DELETE' }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['admin', 'sales'] }),
  });
}
