import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Address, AddressInput } from '@knotwork/shared/schemas/addresses';
import { api } from '@/lib/api-client.ts';
import { addressesQueryOptions } from './get-addresses.ts';

/** POST /address/add: 201 { message: 'Address added', data }. */
export function addAddress(input: AddressInput) {
  return api<{ message: string; data: Address }>('/address/add', { method: 'POST', body: input });
}

export function useAddAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addAddress,
    // A new default changes the flag on another address too: read the list again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressesQueryOptions.queryKey }),
  });
}
