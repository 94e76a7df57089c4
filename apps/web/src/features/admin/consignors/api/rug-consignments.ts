import type { AdminConsignmentSummary } from '@knotwork/shared/schemas/consignors-staff';
import { useStaffList } from '../../shell/use-staff-list.ts';

/** GET /admin/consignments?rugId=: the receipts that hold one rug, newest first (staff only, never public). */
export const useRugConsignments = (rugId: string, enabled: boolean) =>
  useStaffList<AdminConsignmentSummary>(
    'consignments',
    '/admin/consignments',
    { rugId, pageSize: 5 },
    enabled,
  );
