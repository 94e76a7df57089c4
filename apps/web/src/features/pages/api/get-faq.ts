import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FaqGroup } from '@knotwork/shared/schemas/content';
import { api } from '@/lib/api-client.ts';

/** GET /auth/faq: questions grouped by topic, in the house's order. */
export async function getFaq(signal?: AbortSignal): Promise<FaqGroup[]> {
  return (await api<{ data: FaqGroup[] }>('/auth/faq', { signal })).data;
}

export const faqQueryOptions = queryOptions({
  queryKey: ['content', 'faq'],
  queryFn: ({ signal }) => getFaq(signal),
  staleTime: 10 * 60_000,
});

export function useFaq() {
  return useQuery(faqQueryOptions);
}
