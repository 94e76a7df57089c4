import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderAutopay } from '@knotwork/shared/schemas/autopay';
import { api } from '@/lib/api-client.ts';

export const orderAutopayKey = (orderId: string) => ['order-autopay', orderId] as const;

/** GET /order/{id}/autopay: when the saved card is charged for this order, and every attempt. */
export async function getOrderAutopay(orderId: string, signal?: AbortSignal): Promise<OrderAutopay> {
  return (await api<{ data: OrderAutopay }>(`/order/${encodeURIComponent(orderId)}/autopay`, { signal }))
    .data;
}

/** How soon to look again: while a charge is in flight or due within a minute, every 3 s (the job runs every 5 s). */
export function autopayPollMs(data: OrderAutopay | undefined): number | false {
  if (!data) return false;
  if (data.state === 'charging') return 3_000;
  if ((data.state === 'scheduled' || data.state === 'retrying') && data.nextAttemptAt)
    return Date.parse(data.nextAttemptAt) - Date.now() < 60_000 ? 3_000 : false;
  return false;
}

export const orderAutopayQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: orderAutopayKey(orderId),
    queryFn: ({ signal }) => getOrderAutopay(orderId, signal),
    refetchInterval: (query) => autopayPollMs(query.state.data),
  });

export function useOrderAutopay(orderId: string) {
  return useQuery(orderAutopayQueryOptions(orderId));
}
