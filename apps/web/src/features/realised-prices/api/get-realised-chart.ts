import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RealisedChart, RealisedChartQuery } from '@knotwork/shared/schemas/realised';
import { api } from '@/lib/api-client.ts';

/** GET /realised/chart: hammer per m² by year (median and range) for an origin or a style, or for everything. */
export async function getRealisedChart(
  query: RealisedChartQuery,
  signal?: AbortSignal,
): Promise<RealisedChart> {
  const res = await api<{ data: RealisedChart }>('/realised/chart', { query: { ...query }, signal });
  return res.data;
}

export function useRealisedChart(query: RealisedChartQuery) {
  return useQuery(
    queryOptions({
      queryKey: ['realised', 'chart', query],
      queryFn: ({ signal }) => getRealisedChart(query, signal),
      staleTime: 5 * 60_000,
    }),
  );
}
