import type { AdminPayoutBatchSummary } from '@knotwork/shared/schemas/settlements-staff';
import { useStaffList, type StaffListQuery } from '../../shell/use-staff-list.ts';

export type { AdminPayoutBatchSummary };

/** GET /admin/payout-batches: newest first, paged; `status` filters. */
export const usePayoutBatches = (query: StaffListQuery) =>
  useStaffList<AdminPayoutBatchSummary>('payout-batches', '/admin/payout-batches', query);
