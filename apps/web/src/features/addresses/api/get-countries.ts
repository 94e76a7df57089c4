import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Country } from '@knotwork/shared/schemas/geo';
import { api } from '@/lib/api-client.ts';

/** GET /auth/countries: every country with its dialling code and flag, by name. */
export async function getCountries(signal?: AbortSignal): Promise<Country[]> {
  return (await api<{ data: Country[] }>('/auth/countries', { signal })).data;
}

export const countriesQueryOptions = queryOptions({
  queryKey: ['geo', 'countries'],
  queryFn: ({ signal }) => getCountries(signal),
  // Reference data: it does not change while the app is open.
  staleTime: Infinity,
});

export function useCountries(enabled = true) {
  return useQuery({ ...countriesQueryOptions, enabled });
}
