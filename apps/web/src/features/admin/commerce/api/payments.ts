import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

/** A new key for one dialog's submission: a retried click or request is recorded once. */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}

/** The three money actions of the staff order page (decision 072); each sends the dialog's Idempotency-Key. */
export type PaymentAction = 'record' | 'writeOff' | 'refundCredit';

const url = (action: PaymentAction, orderId: string) =>
  action === 'record'
    ? '/admin/payments/bank-transfer'
    : `/admin/orders/${orderId}/${action === 'writeOff' ? 'write-off' : 'refund-credit'}`;

/** POSTs one money action; a refusal is a 4xx the caller shows as an error. The order and the lists refetch. */
export function usePaymentAction(orderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      action,
      body,
      key,
    }: {
      action: PaymentAction;
      body: Record<string, unknown>;
      key: string;
    }) =>
      api<{ message: string }>(url(action, orderId), {
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': key },
      }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: ['admin', 'order', orderId] });
      void client.invalidateQueries({ queryKey: ['admin', 'orders'] });
    },
  });
}
