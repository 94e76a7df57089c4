import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BuyNowResponse } from '@knotwork/shared/schemas/bidding';
import { api } from '@/lib/api-client.ts';

/**
 * POST /rug/buy-now/{rugId}: buys a lot at its buy-now price, or starts checkout of a fixed-price rug (held for
 * the buyer 15 minutes). The Idempotency-Key is made once per attempt: a retry answers the same order.
 */
export function buyNow(rugId: string, idempotencyKey: string): Promise<BuyNowResponse> {
  return api<BuyNowResponse>(`/rug/buy-now/${encodeURIComponent(rugId)}`, {
    method: 'POST',
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useBuyNow(rugId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (idempotencyKey: string) => buyNow(rugId, idempotencyKey),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['my-items'] });
      void queryClient.invalidateQueries({ queryKey: ['buy-now', 'rug', rugId] });
    },
  });
}
