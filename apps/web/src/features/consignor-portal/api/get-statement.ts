import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PortalStatement } from '@knotwork/shared/schemas/consignor-portal';
import { api } from '@/lib/api-client.ts';
import { useAuthStore } from '@/lib/auth-store.ts';

export type { PortalStatement };

export interface StatementPeriod {
  /** YYYY-MM-DD, included. */
  from: string;
  /** YYYY-MM-DD, excluded. */
  to: string;
}

/** GET /consignor/statement: the period's lines from the consignor's side, the balance owed and the payouts. */
export async function getStatement(period: StatementPeriod, signal?: AbortSignal): Promise<PortalStatement> {
  return (
    await api<{ data: PortalStatement }>('/consignor/statement', {
      query: { from: period.from, to: period.to },
      signal,
    })
  ).data;
}

export function statementQueryOptions(userId: string | null, period: StatementPeriod, enabled = true) {
  return queryOptions({
    queryKey: ['consignor-portal', 'statement', userId, period.from, period.to],
    queryFn: ({ signal }) => getStatement(period, signal),
    enabled: enabled && userId !== null && period.from < period.to,
    placeholderData: keepPreviousData,
  });
}

export function useStatement(period: StatementPeriod, enabled = true) {
  const userId = useAuthStore((s) => s.user?.id ?? null);
  return useQuery(statementQueryOptions(userId, period, enabled));
}
