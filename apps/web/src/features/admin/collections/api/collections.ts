import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminCollection,
  AdminCollectionRugListResponse,
} from '@knotwork/shared/schemas/collections-staff';
import { api } from '@/lib/api-client.ts';

export type { AdminCollection };
type Answer = { message: string };
const key = ['admin', 'collections'] as const;

/** GET /admin/collections: every collection in display order. */
export function useAdminCollections() {
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api<{ data: AdminCollection[] }>('/admin/collections', { signal }),
  });
}

/** GET /admin/collections/:id/rugs: a page of the collection's rugs. */
export function useCollectionRugs(id: string, page: number, pageSize: number) {
  return useQuery({
    queryKey: [...key, id, 'rugs', page, pageSize],
    queryFn: ({ signal }) =>
      api<AdminCollectionRugListResponse>(`/admin/collections/${id}/rugs`, {
        query: { page, pageSize },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Every change answers a message; the list and the open collection's rugs are read again. */
function useCollectionMutation<V>(fn: (v: V) => Promise<Answer>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => void client.invalidateQueries({ queryKey: key }) });
}

export const useSaveCollection = () =>
  useCollectionMutation(({ id, ...body }: { id?: string; title: string; description: string }) =>
    api<Answer>(id ? `/admin/collections/${id}` : '/admin/collections', {
      method: id ? 'PATCH' : 'POST',
      body,
    }),
  );
/** Publish (refused with a message while it holds no public rug) or back to draft (decision 076). */
export const useSetCollectionStatus = () =>
  useCollectionMutation(({ id, publish }: { id: string; publish: boolean }) =>
    api<Answer>(`/admin/collections/${id}/${publish ? 'publish' : 'unpublish'}`, { method: 'POST' }),
  );
export const useDeleteCollection = () =>
  useCollectionMutation((id: string) => api<Answer>(`/admin/collections/${id}`, { method: 'DELETE' }));
export const useOrderCollections = () =>
  useCollectionMutation((collectionIds: string[]) =>
    api<Answer>('/admin/collections/order', { method: 'PUT', body: { collectionIds } }),
  );
export const useAddCollectionRugs = (id: string) =>
  useCollectionMutation((rugIds: string[]) =>
    api<Answer>(`/admin/collections/${id}/rugs`, { method: 'POST', body: { rugIds } }),
  );
export const useRemoveCollectionRug = (id: string) =>
  useCollectionMutation((rugId: string) =>
    api<Answer>(`/admin/collections/${id}/rugs/${rugId}`, { method: 'DELETE' }),
  );
export const useSetCollectionCover = (id: string) =>
  useCollectionMutation((file: File | null) => {
    if (!file) return api<Answer>(`/admin/collections/${id}/cover`, { method: 'DELETE' });
    const body = new FormData();
    body.append('file', file);
    return api<Answer>(`/admin/collections/${id}/cover`, { method: 'POST', body });
  });
