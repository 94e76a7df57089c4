import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminConditionRequest, ConditionDeskFilter } from '@knotwork/shared/schemas/condition-reports';
import { api } from '@/lib/api-client.ts';

export type { AdminConditionRequest, ConditionDeskFilter };

export const conditionDeskKey = ['admin', 'condition-reports'] as const;

export interface ConditionDeskPage {
  data: AdminConditionRequest[];
  meta: { total: number; totalPages: number };
  counts: { open: number; overdue: number; answered: number };
  serverNow: string;
}

/** GET /admin/condition-reports: the requests, open ones overdue first, with the counts for the tabs. */
export function useConditionDesk(status: ConditionDeskFilter, page: number, pageSize = 20) {
  return useQuery({
    queryKey: [...conditionDeskKey, 'list', status, page, pageSize],
    queryFn: ({ signal }) =>
      api<ConditionDeskPage>('/admin/condition-reports', { query: { status, page, pageSize }, signal }),
    placeholderData: keepPreviousData,
    // The clocks move: a minute-old list is refreshed when the desk is looked at again.
    refetchInterval: 60_000,
  });
}
