import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminIdentityCheck, IdentityStatus } from '@knotwork/shared/schemas/identity';
import { env } from '@/config/env.ts';
import { api, ApiError } from '@/lib/api-client.ts';
import { readToken } from '@/lib/session-storage.ts';

export type { AdminIdentityCheck };
export type IdentityFilter = 'pending' | 'approved' | 'rejected' | 'all';

const key = ['admin', 'identity-checks'] as const;

/** GET /admin/identity-checks: the queue (oldest first) or the reviewed checks (newest first). */
export function useIdentityChecks(status: IdentityFilter, page: number, pageSize = 20) {
  return useQuery({
    queryKey: [...key, status, page, pageSize],
    queryFn: ({ signal }) =>
      api<{ data: AdminIdentityCheck[]; meta: { total: number; totalPages: number } }>(
        '/admin/identity-checks',
        {
          query: { status, page, pageSize },
          signal,
        },
      ),
    placeholderData: keepPreviousData,
  });
}

/** GET /admin/users/:id/identity: the bidder's standing against the threshold and their checks. */
export function useUserIdentity(userId: string, enabled = true) {
  return useQuery({
    queryKey: [...key, 'user', userId],
    queryFn: ({ signal }) =>
      api<{ data: { status: IdentityStatus; checks: AdminIdentityCheck[] } }>(
        `/admin/users/${userId}/identity`,
        {
          signal,
        },
      ).then((r) => r.data),
    enabled,
  });
}

/** POST /admin/identity-checks/:id/approve or /reject (with the reason the buyer reads). */
export function useReviewIdentityCheck() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, reason }: { id: string; decision: 'approve' | 'reject'; reason?: string }) =>
      api<{ message: string; data: AdminIdentityCheck }>(`/admin/identity-checks/${id}/${decision}`, {
        method: 'POST',
        ...(decision === 'reject' ? { body: { reason } } : {}),
      }),
    onSuccess: () => void client.invalidateQueries({ queryKey: key }),
  });
}

/**
 * The document through its authenticated route (a plain link would reach the server without the session): a blob
 * and its type, for the viewer (a photo) or a download (a PDF). The caller revokes the object URL.
 */
export async function fetchIdentityDocument(
  id: string,
): Promise<{ url: string; type: string; name: string }> {
  const token = readToken();
  const res = await fetch(`${env.apiBaseUrl}/admin/identity-checks/${id}/document`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    cache: 'no-store',
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { message?: string };
    throw new ApiError(res.status, body.message ?? res.statusText, body);
  }
  const name =
    /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? `identity-${id}`;
  const blob = await res.blob();
  return { url: URL.createObjectURL(blob), type: blob.type || (res.headers.get('content-type') ?? ''), name };
}
