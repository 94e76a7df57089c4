import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminContentImageResponse,
  AdminPost,
  AdminPostCreate,
  AdminPostListQuery,
  AdminPostListResponse,
  AdminPostResponse,
  AdminPostUpdate,
} from '@knotwork/shared/schemas/content-staff';
import { api } from '@/lib/api-client.ts';
import { uploadWithProgress } from '../../catalogue/api/upload-photo.ts';

export type { AdminPost };

/** GET /admin/content/posts: the blog grid (server paging, sorting, filtering). */
export function useAdminPosts(query: Partial<AdminPostListQuery>) {
  return useQuery({
    queryKey: ['admin', 'posts', query],
    queryFn: ({ signal }) =>
      api<AdminPostListResponse>('/admin/content/posts', { query: { ...query }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /admin/content/posts/:id with its Markdown and version. */
export function useAdminPost(id: string | undefined) {
  return useQuery({
    queryKey: ['admin', 'post', id],
    queryFn: ({ signal }) =>
      api<AdminPostResponse>(`/admin/content/posts/${id}`, { signal }).then((r) => r.data),
    enabled: Boolean(id),
  });
}

/**
 * Every post mutation answers the post as it now is: the editor's cache takes it, the grid refetches, and this
 * browser's copies of the public blog are dropped so the staff member sees what visitors see.
 */
function usePostMutation<V>(fn: (vars: V) => Promise<AdminPostResponse>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (res) => {
      client.setQueryData(['admin', 'post', res.data.id], res.data);
      void client.invalidateQueries({ queryKey: ['admin', 'posts'] });
      void client.invalidateQueries({ queryKey: ['content'] });
    },
  });
}

export const useCreatePost = () =>
  usePostMutation((body: AdminPostCreate) =>
    api<AdminPostResponse>('/admin/content/posts', { method: 'POST', body }),
  );
export const useUpdatePost = (id: string) =>
  usePostMutation((body: AdminPostUpdate) =>
    api<AdminPostResponse>(`/admin/content/posts/${id}`, { method: 'PATCH', body }),
  );
export const usePublishPost = (id: string) =>
  usePostMutation(({ publish, version }: { publish: boolean; version: number }) =>
    api<AdminPostResponse>(`/admin/content/posts/${id}/${publish ? 'publish' : 'unpublish'}`, {
      method: 'POST',
      body: { version },
    }),
  );

export function useDeletePost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<{ message: string }>(`/admin/content/posts/${id}`, { method: 'DELETE' }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['admin', 'posts'] });
      void client.invalidateQueries({ queryKey: ['content'] });
    },
  });
}

/** POST /admin/content/posts/:id/images: a picture for the body or the cover, with upload progress. */
export const uploadPostImage = (postId: string, file: File, onProgress: (fraction: number) => void) =>
  uploadWithProgress<AdminContentImageResponse>(
    `/admin/content/posts/${encodeURIComponent(postId)}/images`,
    file,
    onProgress,
  );

/** POST /admin/content/preview: Markdown rendered by the server exactly as the public pages serve it. */
export function usePreview(markdown: string) {
  return useQuery<string>({
    queryKey: ['admin', 'content-preview', markdown],
    queryFn: ({ signal }) =>
      api<{ data: { html: string } }>('/admin/content/preview', {
        method: 'POST',
        body: { markdown },
        signal,
      }).then((r) => r.data.html),
    // While the next preview renders, the last one stays (no flash of an empty pane per keystroke pause).
    placeholderData: keepPreviousData,
    staleTime: Infinity,
  });
}
