import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LiveSaleView } from '@knotwork/shared/schemas/live-sales';
import { api } from '@/lib/api-client.ts';
import { liveSaleKey, type RoomView } from './get-live-sale.ts';

export interface LiveBidInput {
  saleId: string;
  lotId: string;
  ask: number;
  /** One key per tap: a retry of the same tap (a lost answer) cannot bid twice. */
  idempotencyKey: string;
}

interface LiveBidResponse {
  message: string;
  label: string;
  data: LiveSaleView;
}

/** POST /live/{id}/bids: the ask the bidder saw, on the lot they saw. */
export function placeLiveBid({ saleId, lotId, ask, idempotencyKey }: LiveBidInput): Promise<LiveBidResponse> {
  return api<LiveBidResponse>(`/live/${encodeURIComponent(saleId)}/bids`, {
    method: 'POST',
    body: { lotId, ask },
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function usePlaceLiveBid(routeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: placeLiveBid,
    onSuccess: (res) => {
      client.setQueryData<RoomView>(liveSaleKey(routeId), (old) =>
        old && old.seq >= res.data.seq
          ? { ...old, myLabel: res.label, hasBid: true }
          : { ...res.data, myLabel: res.label, hasBid: true },
      );
    },
  });
}

export function newBidKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}
