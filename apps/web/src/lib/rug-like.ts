import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './api-client.ts';

/** POST /rug/auction/{rugId}: toggles the caller's like (watch) of a rug; answers the new state and a message. */
export function toggleRugLike(rugId: string): Promise<{ message: string; liked: boolean }> {
  return api<{ message: string; liked: boolean }>(`/rug/auction/${encodeURIComponent(rugId)}`, {
    method: 'POST',
  });
}

/** This visit's answers about a rug's like, so every heart showing the rug agrees (see catalogue `useRugLiked`). */
export const rugLikeQueryKey = (rugId: string) => ['catalogue', 'liked', rugId] as const;

/**
 * The one like toggle, for every heart (the lot page, catalogue cards, My Items > Watching). `liked` is what the
 * heart shows now: the cached answer flips at once, the server's answer confirms it (or the error restores it),
 * and the watchlist is refetched. Toasts and sign-in prompts stay with each caller.
 */
export function useToggleRugLike() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ rugId }: { rugId: string; liked: boolean }) => toggleRugLike(rugId),
    onMutate: ({ rugId, liked }) => {
      queryClient.setQueryData(rugLikeQueryKey(rugId), !liked);
      return { previous: liked };
    },
    onSuccess: ({ liked }, { rugId }) => {
      queryClient.setQueryData(rugLikeQueryKey(rugId), liked);
      void queryClient.invalidateQueries({ queryKey: ['my-items', 'liked'] });
    },
    onError: (_error, { rugId }, context) =>
      queryClient.setQueryData(rugLikeQueryKey(rugId), context?.previous ?? false),
  });
}
