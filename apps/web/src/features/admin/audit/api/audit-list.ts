import type { AdminAuditListResponse } from '@knotwork/shared/schemas/audit-staff';
import { useStaffList, type StaffListQuery } from '../../shell/use-staff-list.ts';

/** GET /admin/audit: the audit trail grid. */
export const useAdminAudit = (query: StaffListQuery, enabled?: boolean) =>
  useStaffList<AdminAuditListResponse['data'][number]>('audit', '/admin/audit', query, enabled);
