import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BlogPost } from '@knotwork/shared/schemas/content';
import { api, isNotFound } from '@/lib/api-client.ts';

/** GET /auth/blog/{idOrSlug}: the article with its sanitised HTML, neighbours and related posts. */
export async function getBlogPost(idOrSlug: string, signal?: AbortSignal): Promise<BlogPost> {
  const res = await api<{ data: BlogPost }>(`/auth/blog/${encodeURIComponent(idOrSlug)}`, { signal });
  return res.data;
}

export function getBlogPostQueryOptions(idOrSlug: string) {
  return queryOptions({
    queryKey: ['content', 'blog', 'post', idOrSlug],
    queryFn: ({ signal }) => getBlogPost(idOrSlug, signal),
    staleTime: 5 * 60_000,
    // A missing article stays missing: asking again only delays the "not found" page.
    retry: (count, error) => !isNotFound(error) && count < 2,
  });
}

export function useBlogPost(idOrSlug: string) {
  return useQuery(getBlogPostQueryOptions(idOrSlug));
}
