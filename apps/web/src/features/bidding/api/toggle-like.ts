import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

/** POST /rug/auction/{rugId}: toggles the caller's like (watch) of a rug. */
export function toggleLike(rugId: string): Promise<{ message: string; liked: boolean }> {
  return api<{ message: string; liked: boolean }>(`/rug/auction/${encodeURIComponent(rugId)}`, {
    method: 'POST',
  });
}

export function useToggleLike() {
  return useMutation({ mutationFn: toggleLike });
}
