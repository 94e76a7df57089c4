import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { adminOrderDetailResponseSchema } from '@knotwork/shared/schemas/orders-staff';
import { api } from '@/lib/api-client.ts';

export type AdminOrderDetail = z.infer<typeof adminOrderDetailResponseSchema>['data'];

/** GET /admin/orders/:id: lines, buyer, events, payments and refunds. */
export function useAdminOrder(id: string | undefined) {
  return useQuery({
    queryKey: ['admin', 'order', id],
    queryFn: ({ signal }) =>
      api<{ data: AdminOrderDetail }>(`/admin/orders/${id}`, { signal }).then((r) => r.data),
    enabled: Boolean(id),
  });
}

export type OrderAction =
  'ship' | 'deliver' | 'cancel' | 'refund' | 'bank-transfer' | 'second-chance' | 'relist';

/** One staff action on an order (or its bank transfer); the order and the lists refetch. */
export function useOrderAction(orderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, body }: { action: OrderAction; body: Record<string, unknown> }) =>
      api<{ message: string }>(
        action === 'bank-transfer' ? '/admin/payments/bank-transfer' : `/admin/orders/${orderId}/${action}`,
        { method: 'POST', body },
      ),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['admin', 'order', orderId] });
      void client.invalidateQueries({ queryKey: ['admin', 'orders'] });
    },
  });
}
