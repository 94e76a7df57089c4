import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SitePage } from '@knotwork/shared/schemas/content';
import { api } from '@/lib/api-client.ts';

/** GET /auth/about: the About page's story as staff wrote it (sanitised HTML). */
export async function getAbout(signal?: AbortSignal): Promise<SitePage> {
  return (await api<{ data: SitePage }>('/auth/about', { signal })).data;
}

export const aboutQueryOptions = queryOptions({
  queryKey: ['content', 'page', 'about'],
  queryFn: ({ signal }) => getAbout(signal),
  staleTime: 60_000,
  retry: false,
});

export function useAbout() {
  return useQuery(aboutQueryOptions);
}
