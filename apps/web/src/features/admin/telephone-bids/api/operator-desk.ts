import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OperatorDesk } from '@knotwork/shared/schemas/telephone-bids';
import { api } from '@/lib/api-client.ts';

export const operatorDeskKey = (saleId: string) => ['admin', 'telephone', 'desk', saleId] as const;

/** GET /admin/telephone/{id}: the operator's own lines in the sale, by lot. */
export const operatorDeskQueryOptions = (saleId: string) =>
  queryOptions({
    queryKey: operatorDeskKey(saleId),
    queryFn: async ({ signal }) =>
      (await api<{ data: OperatorDesk }>(`/admin/telephone/${encodeURIComponent(saleId)}`, { signal })).data,
  });

export const useOperatorDesk = (saleId: string) => useQuery(operatorDeskQueryOptions(saleId));
