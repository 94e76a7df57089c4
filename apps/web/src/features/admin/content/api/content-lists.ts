import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminCareerListResponse,
  AdminFaqResponse,
  AdminHome,
  AdminHomeUpdate,
  AdminPage,
  AdminPageListResponse,
  AdminPageUpdate,
  AdminTestimonialListResponse,
  SitePageSlugName,
} from '@knotwork/shared/schemas/content-staff';
import { api } from '@/lib/api-client.ts';

type Method = 'POST' | 'PATCH' | 'PUT' | 'DELETE';
export interface ContentCall {
  method: Method;
  path: string;
  body?: unknown;
}

/**
 * A content list the back office edits in place (FAQ, testimonials, careers): GET it, and send any change to it,
 * which answers the whole list as it now is. This browser's copies of the public pages are dropped on each change.
 */
function useContentList<R extends { data: unknown }>(key: string, path: string) {
  const client = useQueryClient();
  const queryKey = ['admin', 'content', key];
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => api<R>(path, { signal }).then((r) => r.data as R['data']),
  });
  const mutation = useMutation({
    mutationFn: ({ method, path: to, body }: ContentCall) =>
      api<R & { message?: string }>(to, { method, ...(body === undefined ? {} : { body }) }),
    onSuccess: (res) => {
      client.setQueryData(queryKey, res.data);
      void client.invalidateQueries({ queryKey: ['content'] });
    },
  });
  return { query, mutation };
}

export const useAdminFaq = () => useContentList<AdminFaqResponse>('faq', '/admin/content/faq');
export const useAdminTestimonials = () =>
  useContentList<AdminTestimonialListResponse>('testimonials', '/admin/content/testimonials');
export const useAdminCareers = () =>
  useContentList<AdminCareerListResponse>('careers', '/admin/content/careers');

/** GET /admin/content/pages: About, Terms and Privacy with their Markdown and versions. */
export const useAdminPages = () =>
  useQuery({
    queryKey: ['admin', 'content', 'pages'],
    queryFn: ({ signal }) =>
      api<AdminPageListResponse>('/admin/content/pages', { signal }).then((r) => r.data),
  });

export function useSavePage(slug: SitePageSlugName) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminPageUpdate) =>
      api<{ message: string; data: AdminPage }>(`/admin/content/pages/${slug}`, { method: 'PUT', body }),
    onSuccess: (res) => {
      client.setQueryData<AdminPage[]>(['admin', 'content', 'pages'], (pages) =>
        pages?.map((p) => (p.slug === slug ? res.data : p)),
      );
      void client.invalidateQueries({ queryKey: ['content'] });
    },
  });
}

/** GET /admin/content/home: the featured sale and collections, and what may be picked. */
export const useAdminHome = () =>
  useQuery({
    queryKey: ['admin', 'content', 'home'],
    queryFn: ({ signal }) => api<{ data: AdminHome }>('/admin/content/home', { signal }).then((r) => r.data),
  });

export function useSaveHome() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminHomeUpdate) =>
      api<{ message: string; data: AdminHome }>('/admin/content/home', { method: 'PUT', body }),
    onSuccess: (res) => {
      client.setQueryData(['admin', 'content', 'home'], res.data);
      void client.invalidateQueries({ queryKey: ['home'] });
    },
  });
}
