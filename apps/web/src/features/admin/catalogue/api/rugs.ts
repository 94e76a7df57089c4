import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminRug,
  AdminRugCreate,
  AdminRugListQuery,
  AdminRugListResponse,
  AdminRugResponse,
  AdminRugUpdate,
  AdminRugBulk,
  AdminRugBulkResponse,
} from '@knotwork/shared/schemas/catalogue-staff';
import { api } from '@/lib/api-client.ts';

export type { AdminRug };
export type RugListQuery = Partial<AdminRugListQuery>;

/** GET /admin/rugs: the catalogue grid (server paging, sorting, filtering). */
export function useAdminRugs(query: RugListQuery) {
  return useQuery({
    queryKey: ['admin', 'rugs', query],
    queryFn: ({ signal }) => api<AdminRugListResponse>('/admin/rugs', { query: { ...query }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /admin/rugs/:id with its version and photos. */
export function useAdminRug(id: string | undefined) {
  return useQuery({
    queryKey: ['admin', 'rug', id],
    queryFn: ({ signal }) => api<AdminRugResponse>(`/admin/rugs/${id}`, { signal }).then((r) => r.data),
    enabled: Boolean(id),
  });
}

/** Every rug mutation answers the rug as it now is: the editor's cache takes it and the grid refetches. */
function useRugMutation<V>(fn: (vars: V) => Promise<AdminRugResponse>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (res) => {
      client.setQueryData(['admin', 'rug', res.data.id], res.data);
      void client.invalidateQueries({ queryKey: ['admin', 'rugs'] });
    },
  });
}

export const useCreateRug = () =>
  useRugMutation((body: AdminRugCreate) => api<AdminRugResponse>('/admin/rugs', { method: 'POST', body }));
export const useUpdateRug = (id: string) =>
  useRugMutation((body: AdminRugUpdate) =>
    api<AdminRugResponse>(`/admin/rugs/${id}`, { method: 'PATCH', body }),
  );
export const usePublishRug = (id: string) =>
  useRugMutation(({ publish, version }: { publish: boolean; version: number }) =>
    api<AdminRugResponse>(`/admin/rugs/${id}/${publish ? 'publish' : 'unpublish'}`, {
      method: 'POST',
      body: { version },
    }),
  );
export const useOrderPhotos = (id: string) =>
  useRugMutation((body: { version: number; imageIds: string[] }) =>
    api<AdminRugResponse>(`/admin/rugs/${id}/photos`, { method: 'PUT', body }),
  );
export const useRemovePhoto = (id: string) =>
  useRugMutation((imageId: string) =>
    api<AdminRugResponse>(`/admin/rugs/${id}/photos/${imageId}`, { method: 'DELETE' }),
  );

/** POST /admin/rugs/bulk: one action on the grid's selection, a result per rug; the grid, sales and collections refetch. */
export function useRugBulk() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminRugBulk) =>
      api<AdminRugBulkResponse>('/admin/rugs/bulk', { method: 'POST', body }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['admin', 'rugs'] });
      void client.invalidateQueries({ queryKey: ['admin', 'rug'] });
      void client.invalidateQueries({ queryKey: ['admin', 'collections'] });
      void client.invalidateQueries({ queryKey: ['admin', 'sales'] });
      void client.invalidateQueries({ queryKey: ['admin', 'sale'] });
    },
  });
}
