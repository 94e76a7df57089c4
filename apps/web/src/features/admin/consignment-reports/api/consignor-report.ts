import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  AdminConsignorReport,
  AdminConsignorReportRow,
} from '@knotwork/shared/schemas/settlement-reports-staff';
import { api } from '@/lib/api-client.ts';
import type { ReportPeriod } from '../lib/period.ts';

export type { AdminConsignorReport, AdminConsignorReportRow };

export const consignorReportPath = (period: ReportPeriod, csv = false) =>
  `/admin/reports/consignors${csv ? '/csv' : ''}?${new URLSearchParams({ ...period }).toString()}`;

/** GET /admin/reports/consignors: per consignor, lots offered, sold, the unsold rate, hammer and commission. */
export const fetchConsignorReport = (period: ReportPeriod, signal?: AbortSignal) =>
  api<{ data: AdminConsignorReport }>(consignorReportPath(period), { signal }).then((r) => r.data);

export function useConsignorReport(period: ReportPeriod) {
  return useQuery({
    queryKey: ['admin', 'reports', 'consignors', period.from, period.to],
    queryFn: ({ signal }) => fetchConsignorReport(period, signal),
    placeholderData: keepPreviousData,
  });
}
