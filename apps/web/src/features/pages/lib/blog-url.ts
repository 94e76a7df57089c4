import { paths } from '@/config/paths.ts';

/** The journal's address with its page and tag in the query string (page 1 and "all" are left out). */
export function blogListHref({ page = 1, tag }: { page?: number; tag?: string | null }): string {
  const params = new URLSearchParams();
  if (tag) params.set('tag', tag);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `${paths.blog.href()}?${query}` : paths.blog.href();
}

/** Reads ?page and ?tag leniently: a bad page is page 1, an empty tag is none. */
export function readBlogParams(search: URLSearchParams): { page: number; tag?: string } {
  const page = Number.parseInt(search.get('page') ?? '1', 10);
  const tag = search.get('tag')?.trim().toLowerCase() || undefined;
  return { page: Number.isFinite(page) && page > 0 ? page : 1, tag };
}
