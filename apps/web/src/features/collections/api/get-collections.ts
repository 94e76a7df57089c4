import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Collection } from '@knotwork/shared/schemas/collections';
import { api } from '@/lib/api-client.ts';

/** GET /auth/collection/list: every collection, in the house's display order. */
export async function getCollections(): Promise<Collection[]> {
  const res = await api<{ data: Collection[] }>('/auth/collection/list');
  return res.data;
}

export const collectionsQueryKey = ['collections', 'list'] as const;

export function getCollectionsQueryOptions() {
  return queryOptions({
    queryKey: collectionsQueryKey,
    queryFn: getCollections,
    // Collections change a few times a year; the header, footer and home page share one copy.
    staleTime: 5 * 60_000,
  });
}

export function useCollections() {
  return useQuery(getCollectionsQueryOptions());
}
