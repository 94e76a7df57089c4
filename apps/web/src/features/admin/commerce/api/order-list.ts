import type { AdminOrder } from '@knotwork/shared/schemas/orders-staff';
import { useStaffList, type StaffListQuery } from '../../shell/use-staff-list.ts';

export type { AdminOrder };

/** GET /admin/orders: the staff orders grid. */
export const useAdminOrders = (query: StaffListQuery, enabled?: boolean) =>
  useStaffList<AdminOrder>('orders', '/admin/orders', query, enabled);
