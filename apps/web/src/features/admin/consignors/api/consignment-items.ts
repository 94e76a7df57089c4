import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminConsignment, AdminConsignmentItemInput } from '@knotwork/shared/schemas/consignors-staff';
import { api } from '@/lib/api-client.ts';
import { consignmentKey } from './consignment.ts';

type Saved = { message: string; data: AdminConsignment };

/** Every change to a receipt answers it as it now is: the page takes it, the consignor's page refetches. */
function useConsignmentMutation<V>(id: string, fn: (v: V) => Promise<Saved>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (res) => {
      client.setQueryData(consignmentKey(id), res.data);
      void client.invalidateQueries({ queryKey: ['admin', 'consignor', res.data.consignor.id] });
    },
  });
}

/** POST /admin/consignments/:id/items: one more rug (a rug is in one open consignment at most). */
export const useAddConsignmentItem = (id: string) =>
  useConsignmentMutation(id, (body: AdminConsignmentItemInput) =>
    api<Saved>(`/admin/consignments/${id}/items`, { method: 'POST', body }),
  );

/** DELETE /admin/consignments/:id/items/:itemId: a rug entered by mistake, before it is in a sale. */
export const useRemoveConsignmentItem = (id: string) =>
  useConsignmentMutation(id, (itemId: string) =>
    api<Saved>(`/admin/consignments/${id}/items/${itemId}`, { method: 'DELETE' }),
  );

/** POST /admin/consignments/:id/agreement: sent, or signed on paper (a signed agreement stays signed). */
export const useSetAgreement = (id: string) =>
  useConsignmentMutation(id, (body: { status: 'sent' | 'signed_on_paper'; version: string }) =>
    api<Saved>(`/admin/consignments/${id}/agreement`, { method: 'POST', body }),
  );
