import type { AdminAuction } from '@knotwork/shared/schemas/sales-staff';
import { useStaffList, type StaffListQuery } from '../../shell/use-staff-list.ts';

export type { AdminAuction };

/** GET /admin/auctions: the staff sales grid. */
export const useAdminSales = (query: StaffListQuery, enabled?: boolean) =>
  useStaffList<AdminAuction>('sales', '/admin/auctions', query, enabled);
