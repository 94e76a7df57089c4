import { queryOptions, useQuery } from '@tanstack/react-query';
import type { State } from '@knotwork/shared/schemas/geo';
import { api } from '@/lib/api-client.ts';

/** GET /auth/state?country=XX: the country's subdivisions; empty when it has none. */
export async function getStates(country: string, signal?: AbortSignal): Promise<State[]> {
  return (await api<{ data: State[] }>('/auth/state', { query: { country }, signal })).data;
}

export function getStatesQueryOptions(country: string) {
  return queryOptions({
    queryKey: ['geo', 'states', country],
    queryFn: ({ signal }) => getStates(country, signal),
    staleTime: Infinity,
  });
}

export function useStates(country: string | undefined) {
  return useQuery({ ...getStatesQueryOptions(country ?? ''), enabled: Boolean(country) });
}
