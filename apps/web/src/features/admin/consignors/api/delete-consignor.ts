import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

/** DELETE /admin/consignors/:id: deletes one who never consigned, archives one who did (the answer says which). */
export function useDeleteConsignor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<{ message: string; data: { id: string; outcome: 'deleted' | 'archived' } }>(
        `/admin/consignors/${id}`,
        { method: 'DELETE' },
      ),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['admin', 'consignors'] });
      void client.invalidateQueries({ queryKey: ['admin', 'consignor'] });
    },
  });
}
