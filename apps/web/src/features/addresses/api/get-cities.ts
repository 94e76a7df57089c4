import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

/** GET /auth/cities?country=XX&state=YY: known places, as suggestions (any city may be typed). */
export async function getCities(
  country: string,
  state: string | undefined,
  signal?: AbortSignal,
): Promise<string[]> {
  const res = await api<{ data: { name: string }[] }>('/auth/cities', { query: { country, state }, signal });
  return res.data.map((c) => c.name);
}

export function getCitiesQueryOptions(country: string, state: string | undefined) {
  return queryOptions({
    queryKey: ['geo', 'cities', country, state ?? null],
    queryFn: ({ signal }) => getCities(country, state, signal),
    staleTime: Infinity,
  });
}

/** Only asks once the question is complete: a country, and its state when it has states. */
export function useCities(country: string | undefined, state: string | undefined, enabled: boolean) {
  return useQuery({ ...getCitiesQueryOptions(country ?? '', state), enabled: Boolean(country) && enabled });
}
