import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  AdminConsignmentReport,
  AdminConsignmentReportRow,
  ReportGroup,
} from '@knotwork/shared/schemas/settlement-reports-staff';
import { api } from '@/lib/api-client.ts';
import type { ReportPeriod } from '../lib/period.ts';

export type { AdminConsignmentReport, AdminConsignmentReportRow, ReportGroup };

export const consignmentReportPath = (period: ReportPeriod, groupBy: ReportGroup, csv = false) =>
  `/admin/reports/consignments${csv ? '/csv' : ''}?${new URLSearchParams({ ...period, groupBy }).toString()}`;

/** GET /admin/reports/consignments: per sale or month, consigned lots, hammer, commission, fees, VAT and net. */
export const fetchConsignmentReport = (period: ReportPeriod, groupBy: ReportGroup, signal?: AbortSignal) =>
  api<{ data: AdminConsignmentReport }>(consignmentReportPath(period, groupBy), { signal }).then(
    (r) => r.data,
  );

export function useConsignmentReport(period: ReportPeriod, groupBy: ReportGroup) {
  return useQuery({
    queryKey: ['admin', 'reports', 'consignments', period.from, period.to, groupBy],
    queryFn: ({ signal }) => fetchConsignmentReport(period, groupBy, signal),
    placeholderData: keepPreviousData,
  });
}
