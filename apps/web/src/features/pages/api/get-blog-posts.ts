import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { BLOG_PAGE_SIZE, type BlogListResponse } from '@knotwork/shared/schemas/content';
import { api } from '@/lib/api-client.ts';

export interface BlogListParams {
  page: number;
  /** One tag, lower case, or undefined for every post. */
  tag?: string;
}

/** GET /auth/blog?page&pageSize&tag: newest first, with the page meta. */
export function getBlogPosts({ page, tag }: BlogListParams, signal?: AbortSignal) {
  return api<BlogListResponse>('/auth/blog', { query: { page, pageSize: BLOG_PAGE_SIZE, tag }, signal });
}

export function getBlogPostsQueryOptions(params: BlogListParams) {
  return queryOptions({
    queryKey: ['content', 'blog', 'list', params.page, params.tag ?? null],
    queryFn: ({ signal }) => getBlogPosts(params, signal),
    staleTime: 5 * 60_000,
  });
}

/** Keeps the previous page on screen while the next one loads, so the grid does not collapse. */
export function useBlogPosts(params: BlogListParams) {
  return useQuery({ ...getBlogPostsQueryOptions(params), placeholderData: keepPreviousData });
}
