import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Address, AddressInput } from '@knotwork/shared/schemas/addresses';
import { api } from '@/lib/api-client.ts';
import { addressesQueryOptions } from './get-addresses.ts';

/** PUT /address/update/{id}: a full replacement; { message: 'Address updated', data }. */
export function updateAddress({ id, input }: { id: string; input: AddressInput }) {
  return api<{ message: string; data: Address }>(`/address/update/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: input,
  });
}

/** The body that keeps an address as it is but makes it the default (there is no separate endpoint). */
export function asDefaultInput(a: Address): AddressInput {
  return {
    name: a.name,
    phone: a.phone,
    line1: a.line1,
    line2: a.line2 ?? undefined,
    city: a.city,
    state: a.state ?? undefined,
    postalCode: a.postalCode ?? undefined,
    country: a.country,
    isDefault: true,
  };
}

export function useUpdateAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressesQueryOptions.queryKey }),
  });
}
