import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SitePage } from '@knotwork/shared/schemas/content';
import { api } from '@/lib/api-client.ts';

/** GET /auth/privacypolicy: title, sanitised HTML and the date it last changed. */
export async function getPrivacyPolicy(signal?: AbortSignal): Promise<SitePage> {
  return (await api<{ data: SitePage }>('/auth/privacypolicy', { signal })).data;
}

export const privacyPolicyQueryOptions = queryOptions({
  queryKey: ['content', 'page', 'privacy'],
  queryFn: ({ signal }) => getPrivacyPolicy(signal),
  staleTime: 30 * 60_000,
});

export function usePrivacyPolicy() {
  return useQuery(privacyPolicyQueryOptions);
}
