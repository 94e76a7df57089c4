import { api } from '@/lib/api-client.ts';
import type { AdminAuctionUpdate } from '@knotwork/shared/schemas/admin';
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

/** DELETE /admin/auctions/:id: a draft and its lots, for good. */
export const useDeleteSale = (saleId: string) =>
  useSaleMutation(saleId, () => api<{ message: string }>(`/admin/auctions/${saleId}`, { method: 'DELETE' }));
