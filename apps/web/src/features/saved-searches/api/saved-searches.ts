import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse } from '@knotwork/shared/schemas/common';
import type {
  SavedSearch,
  SavedSearchCreateInput,
  SavedSearchUpdateInput,
} from '@knotwork/shared/schemas/saved-search';
import { api } from '@/lib/api-client.ts';
import { useAuthStore } from '@/lib/auth-store.ts';

const KEY = ['saved-searches'] as const;

/** GET /saved-search: the signed-in collector's saved searches, newest first. */
export function useSavedSearches() {
  const userId = useAuthStore((s) => s.user?.id ?? null);
  return useQuery({
    queryKey: [...KEY, userId],
    queryFn: async ({ signal }) => (await api<{ data: SavedSearch[] }>('/saved-search', { signal })).data,
    enabled: userId !== null,
  });
}

interface SavedSearchAnswer {
  message: string;
  data: SavedSearch;
}

export function useCreateSavedSearch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SavedSearchCreateInput) =>
      api<SavedSearchAnswer>('/saved-search', { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

export function useUpdateSavedSearch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: SavedSearchUpdateInput & { id: string }) =>
      api<SavedSearchAnswer>(`/saved-search/${encodeURIComponent(id)}`, { method: 'PUT', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

export function useDeleteSavedSearch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<MessageResponse>(`/saved-search/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}
