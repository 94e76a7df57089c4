import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Deposit, DepositSummary } from '@knotwork/shared/schemas/deposits';
import { api } from '@/lib/api-client.ts';
import { useAuthStore } from '@/lib/auth-store.ts';

/** GET /deposits: my deposits, what is held and the limit it gives (decision 091). */
export function useMyDeposits(enabled = true) {
  const userId = useAuthStore((s) => s.user?.id ?? null);
  return useQuery({
    // Under 'my-items': a hold placed invalidates it with the limit.
    queryKey: ['my-items', 'deposits', userId],
    queryFn: ({ signal }) => api<{ data: DepositSummary }>('/deposits', { signal }).then((r) => r.data),
    enabled: enabled && userId !== null,
  });
}

export interface CardHoldInput {
  amountCents: number;
  /** One key per attempt: a double submit makes one hold. */
  idempotencyKey: string;
}

/** POST /deposits/card-hold: a house-wide deposit held on the saved card; the limit and lists are read again. */
export function usePlaceCardHold() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ amountCents, idempotencyKey }: CardHoldInput) =>
      api<{ message: string; data: Deposit; summary: DepositSummary }>('/deposits/card-hold', {
        method: 'POST',
        body: { amountCents },
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    onSettled: () => void client.invalidateQueries({ queryKey: ['my-items'] }),
  });
}

/** A new key for one hold attempt (crypto.randomUUID needs a secure context; localhost and https both are). */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}
