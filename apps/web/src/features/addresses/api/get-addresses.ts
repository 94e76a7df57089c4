import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Address } from '@knotwork/shared/schemas/addresses';
import { api } from '@/lib/api-client.ts';

/** GET /address/get: the signed-in user's saved addresses, the default first. */
export async function getAddresses(signal?: AbortSignal): Promise<Address[]> {
  return (await api<{ data: Address[] }>('/address/get', { signal })).data;
}

export const addressesQueryOptions = queryOptions({
  queryKey: ['addresses', 'list'],
  queryFn: ({ signal }) => getAddresses(signal),
});

export function useAddresses() {
  return useQuery(addressesQueryOptions);
}
