import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BankDepositBody, Deposit, DepositSummary } from '@knotwork/shared/schemas/deposits';
import { api } from '@/lib/api-client.ts';

export type { Deposit, DepositSummary };
type Answer = { message: string; data: Deposit; summary: DepositSummary };

/** GET /admin/users/:id/deposits: the bidder's deposits, what is held and the limit it gives (decision 091). */
export function useBidderDeposits(id: string) {
  return useQuery({
    queryKey: ['admin', 'bidder', id, 'deposits'],
    queryFn: ({ signal }) =>
      api<{ data: DepositSummary }>(`/admin/users/${id}/deposits`, { signal }).then((r) => r.data),
  });
}

/** Record a bank deposit (for all sales or one), release or refund one, apply one to an order: each refreshes the bidder's page. */
export function useDepositActions(id: string) {
  const client = useQueryClient();
  const onSuccess = () => void client.invalidateQueries({ queryKey: ['admin', 'bidder', id] });
  return {
    record: useMutation({
      mutationFn: (body: BankDepositBody) =>
        api<Answer>(`/admin/users/${id}/deposits`, { method: 'POST', body }),
      onSuccess,
    }),
    release: useMutation({
      mutationFn: (depositId: string) =>
        api<Answer>(`/admin/deposits/${depositId}/release`, { method: 'POST', body: {} }),
      onSuccess,
    }),
    apply: useMutation({
      mutationFn: ({ depositId, orderId }: { depositId: string; orderId: string }) =>
        api<Answer>(`/admin/deposits/${depositId}/apply`, { method: 'POST', body: { orderId } }),
      onSuccess,
    }),
  };
}
