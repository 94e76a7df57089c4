import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { IdentityDocumentKind, IdentityStatus } from '@knotwork/shared/schemas/identity';
import { api } from '@/lib/api-client.ts';
import { useAuthStore } from '@/lib/auth-store.ts';

/** Everything about the identity check sits under this key: an upload or a payment refreshes it. */
export const identityKey = ['identity'] as const;

/** GET /identity: the signed-in buyer's purchases against the threshold and their latest check (decision 093). */
export function useIdentityStatus(options: { enabled?: boolean } = {}) {
  const userId = useAuthStore((s) => s.user?.id ?? null);
  return useQuery({
    queryKey: [...identityKey, 'me', userId],
    queryFn: ({ signal }) => api<{ data: IdentityStatus }>('/identity', { signal }).then((r) => r.data),
    enabled: userId !== null && options.enabled !== false,
  });
}

/** GET /rug/offer/identity/{id}: would this lot, at its low estimate, take the buyer to the threshold? */
export function useLotIdentity(rugOrLotId: string) {
  const userId = useAuthStore((s) => s.user?.id ?? null);
  return useQuery({
    queryKey: [...identityKey, 'lot', rugOrLotId, userId],
    queryFn: ({ signal }) =>
      api<{ data: IdentityStatus }>(`/rug/offer/identity/${encodeURIComponent(rugOrLotId)}`, { signal }).then(
        (r) => r.data,
      ),
    enabled: userId !== null,
    // Moving between lots should not ask again every time.
    staleTime: 60_000,
  });
}

/** POST /identity/document (multipart): the document's kind, then the file. */
export function useUploadIdentityDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, file }: { kind: IdentityDocumentKind; file: File }) => {
      const form = new FormData();
      form.append('kind', kind);
      // The file goes last: the parser then has the kind before it streams the file.
      form.append('document', file);
      return api<{ message: string; data: IdentityStatus }>('/identity/document', {
        method: 'POST',
        body: form,
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: identityKey }),
  });
}
