import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HomeFeatures } from '@knotwork/shared/schemas/content-staff';
import { api } from '@/lib/api-client.ts';

/** GET /misc/home: the featured sale and collections staff chose (an empty list: the first collections). */
export async function getHomeFeatures(signal?: AbortSignal): Promise<HomeFeatures> {
  return (await api<{ data: HomeFeatures }>('/misc/home', { signal })).data;
}

export const homeFeaturesQueryOptions = queryOptions({
  queryKey: ['home', 'features'],
  queryFn: ({ signal }) => getHomeFeatures(signal),
  staleTime: 60_000,
});

export function useHomeFeatures() {
  return useQuery(homeFeaturesQueryOptions);
}
