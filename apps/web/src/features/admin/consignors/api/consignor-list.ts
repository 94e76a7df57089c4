import type { AdminConsignorSummary } from '@knotwork/shared/schemas/consignors-staff';
import { useStaffList, type StaffListQuery } from '../../shell/use-staff-list.ts';

export type { AdminConsignorSummary };

/** GET /admin/consignors: the consignors grid; `q` searches name, e-mail and company, `status` active/archived/all. */
export const useAdminConsignors = (query: StaffListQuery) =>
  useStaffList<AdminConsignorSummary>('consignors', '/admin/consignors', query);
