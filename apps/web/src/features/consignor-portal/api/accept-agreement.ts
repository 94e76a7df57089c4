import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PortalConsignment } from '@knotwork/shared/schemas/consignor-portal';
import { api } from '@/lib/api-client.ts';

/** POST /consignor/consignments/:id/agreement/accept, in the version the consignor read. */
export function acceptAgreement(id: string, version: string) {
  return api<{ message: string; data: PortalConsignment }>(
    `/consignor/consignments/${encodeURIComponent(id)}/agreement/accept`,
    { method: 'POST', body: { version } },
  );
}

/** Accepting refreshes every portal query: the consignment, the count in /consignor/me and the menu's link. */
export function useAcceptAgreement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version }: { id: string; version: string }) => acceptAgreement(id, version),
    onSettled: () => client.invalidateQueries({ queryKey: ['consignor-portal'] }),
  });
}
