import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderAutopay } from '@knotwork/shared/schemas/autopay';
import { api } from '@/lib/api-client.ts';
import { orderAutopayKey } from './get-order-autopay.ts';

/** PUT /order/{id}/autopay: switches autopay off, or on again, for one order. */
export async function setOrderAutopay(orderId: string, enabled: boolean) {
  return api<{ message: string; data: OrderAutopay }>(`/order/${encodeURIComponent(orderId)}/autopay`, {
    method: 'PUT',
    body: { enabled },
  });
}

export function useSetOrderAutopay(orderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => setOrderAutopay(orderId, enabled),
    onSuccess: (res) => client.setQueryData(orderAutopayKey(orderId), res.data),
  });
}
