import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Career } from '@knotwork/shared/schemas/content';
import { api } from '@/lib/api-client.ts';

/** GET /misc/careers: open positions (description is plain text, paragraphs split by blank lines). */
export async function getCareers(signal?: AbortSignal): Promise<Career[]> {
  return (await api<{ data: Career[] }>('/misc/careers', { signal })).data;
}

export const careersQueryOptions = queryOptions({
  queryKey: ['content', 'careers'],
  queryFn: ({ signal }) => getCareers(signal),
  staleTime: 30 * 60_000,
});

export function useCareers() {
  return useQuery(careersQueryOptions);
}
