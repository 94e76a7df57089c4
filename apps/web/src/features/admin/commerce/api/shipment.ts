import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Shipment, ShipShipmentInput } from '@knotwork/shared/schemas/shipments';
import { api } from '@/lib/api-client.ts';
import { downloadWithSession } from '@/lib/download-file.ts';

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
export const downloadPackingSlip = (shipment: Shipment, language: string) =>
  downloadWithSession(
    `/admin/shipments/${encodeURIComponent(shipment.id)}/packing-slip`,
    { lang: language },
    `packing-slip-${shipment.reference}.pdf`,
  );
