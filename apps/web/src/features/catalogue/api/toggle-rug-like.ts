import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

/** POST /rug/auction/{rugId}: toggles the signed-in visitor's like of a rug and answers the new state. */
export async function toggleRugLike(rugId: string): Promise<{ liked: boolean }> {
  return api<{ liked: boolean }>(`/rug/auction/${encodeURIComponent(rugId)}`, { method: 'POST' });
}

export const rugLikeQueryKey = (rugId: string) => ['catalogue', 'liked', rugId] as const;

/**
 * Whether this visitor likes a rug: the listing's `liked` (sent for a signed-in caller) until this visit toggles
 * it, then the server's answers (kept in the query cache so they survive paging and refetches).
 */
export function useRugLiked(rugId: string, fromListing: boolean | undefined): boolean {
  const { data } = useQuery<boolean | undefined>({
    queryKey: rugLikeQueryKey(rugId),
    queryFn: () => undefined,
    enabled: false,
    staleTime: Infinity,
  });
  return data ?? fromListing ?? false;
}

export function useToggleRugLike() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ rugId }: { rugId: string; liked: boolean }) => toggleRugLike(rugId),
    // `liked` is what the heart shows now; the toggle flips it at once and the answer confirms it.
    onMutate: ({ rugId, liked }) => {
      queryClient.setQueryData(rugLikeQueryKey(rugId), !liked);
      return { previous: liked };
    },
    onSuccess: ({ liked }, { rugId }) => queryClient.setQueryData(rugLikeQueryKey(rugId), liked),
    onError: (_error, { rugId }, context) =>
      queryClient.setQueryData(rugLikeQueryKey(rugId), context?.previous ?? false),
  });
}
