import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SitePage } from '@knotwork/shared/schemas/content';
import { api } from '@/lib/api-client.ts';

/** GET /auth/terms: title, sanitised HTML and the date it last changed. */
export async function getTerms(signal?: AbortSignal): Promise<SitePage> {
  return (await api<{ data: SitePage }>('/auth/terms', { signal })).data;
}

export const termsQueryOptions = queryOptions({
  queryKey: ['content', 'page', 'terms'],
  queryFn: ({ signal }) => getTerms(signal),
  staleTime: 30 * 60_000,
});

export function useTerms() {
  return useQuery(termsQueryOptions);
}
