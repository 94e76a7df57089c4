import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Address } from '@knotwork/shared/schemas/addresses';
import { api } from '@/lib/api-client.ts';

/**
 * GET /address/get, under the address book's own query key (['addresses', 'list']) so an address added in
 * the address dialog during checkout refreshes this list too (features do not import each other).
 */
export async function getShippingAddresses(signal?: AbortSignal): Promise<Address[]> {
  return (await api<{ data: Address[] }>('/address/get', { signal })).data;
}

export const shippingAddressesQueryOptions = queryOptions({
  queryKey: ['addresses', 'list'],
  queryFn: ({ signal }) => getShippingAddresses(signal),
});

export function useShippingAddresses() {
  return useQuery(shippingAddressesQueryOptions);
}
