import { useQuery } from '@tanstack/react-query';
import { rugLikeQueryKey } from '@/lib/rug-like.ts';

/**
 * Whether this visitor likes a rug: the listing's `liked` (sent for a signed-in caller) until this visit toggles
 * it, then the server's answers (kept in the query cache by `useToggleRugLike`, so they survive paging and
 * refetches).
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
