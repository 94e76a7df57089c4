import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Address } from '@knotwork/shared/schemas/addresses';
import { api } from '@/lib/api-client.ts';
import { addressesQueryOptions } from './get-addresses.ts';

/** DELETE /address/delete/{id}: { message, data: the remaining addresses } (one may have become the default). */
export function deleteAddress(id: string) {
  return api<{ message: string; data: Address[] }>(`/address/delete/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });
}

export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAddress,
    onSuccess: ({ data }) => queryClient.setQueryData(addressesQueryOptions.queryKey, data),
  });
}
