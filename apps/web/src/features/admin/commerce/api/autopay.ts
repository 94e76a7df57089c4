import { useQuery } from '@tanstack/react-query';
import type { OrderAutopay } from '@knotwork/shared/schemas/autopay';
import { api } from '@/lib/api-client.ts';

/** GET /admin/orders/{id}/autopay: the order's autopay state, next charge and every attempt (decision 096). */
export function useAdminOrderAutopay(orderId: string) {
  return useQuery({
    queryKey: ['admin', 'order', orderId, 'autopay'],
    queryFn: ({ signal }) =>
      api<{ data: OrderAutopay }>(`/admin/orders/${encodeURIComponent(orderId)}/autopay`, { signal }).then(
        (r) => r.data,
      ),
  });
}
