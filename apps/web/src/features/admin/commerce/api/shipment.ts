import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Shipment, ShipShipmentInput } from '@knotwork/shared/schemas/shipments';
import { env } from '@/config/env.ts';
import { api, ApiError } from '@/lib/api-client.ts';
import { readToken } from '@/lib/session-storage.ts';

export type { Shipment };

/** GET /admin/orders/:id/shipment: the shipment an order leaves in (null while unpaid; decision 073). */
export function useOrderShipment(orderId: string | undefined) {
  return useQuery({
    queryKey: ['admin', 'order', orderId, 'shipment'],
    queryFn: ({ signal }) =>
      api<{ data: Shipment | null }>(`/admin/orders/${orderId}/shipment`, { signal }).then((r) => r.data),
    enabled: Boolean(orderId),
  });
}

/** Mark a shipment shipped (carrier, tracking number) or delivered; every order in it and the lists refetch. */
export function useShipmentAction(shipmentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (a: { action: 'ship'; body: ShipShipmentInput } | { action: 'deliver' }) =>
      api<{ message: string; data: Shipment; changed: boolean }>(
        `/admin/shipments/${shipmentId}/${a.action}`,
        {
          method: 'POST',
          ...(a.action === 'ship' ? { body: a.body } : {}),
        },
      ),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['admin', 'order'] });
      void client.invalidateQueries({ queryKey: ['admin', 'orders'] });
    },
  });
}

/** The packing slip PDF needs the bearer token, so it is fetched and opened as a download. */
export async function downloadPackingSlip(shipment: Shipment, language: string): Promise<void> {
  const token = readToken();
  const res = await fetch(
    `${env.apiBaseUrl}/admin/shipments/${encodeURIComponent(shipment.id)}/packing-slip?lang=${encodeURIComponent(language)}`,
    { headers: token ? { Authorization: `Bearer ${token}` } : {} },
  );
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { message?: string };
    throw new ApiError(res.status, body.message ?? res.statusText, body);
  }
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = `packing-slip-${shipment.reference}.pdf`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
