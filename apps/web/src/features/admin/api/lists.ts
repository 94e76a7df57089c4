import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminAuction } from '@knotwork/shared/schemas/sales-staff';
import type { AdminOrder } from '@knotwork/shared/schemas/orders-staff';
import type { AdminAuditListResponse } from '@knotwork/shared/schemas/audit-staff';
import { api } from '@/lib/api-client.ts';

export type { AdminAuction, AdminOrder };
type Query = Record<string, string | number | boolean | undefined>;
interface Paged<T> {
  data: T[];
  meta: { page: number; pageSize: number; total: number; totalPages: number };
}
export interface AdminUserRow {
  id: string;
  name: string;
  email: string;
  role: string;
  biddingBlockedAt: string | null;
  biddingBlockedReason: string | null;
}

/** One paged staff list: GET `path` with the grid's page and filters, keeping the last page while the next loads. */
function useStaffList<T>(key: string, path: string, query: Query, enabled = true) {
  return useQuery({
    queryKey: ['admin', key, query],
    queryFn: ({ signal }) => api<Paged<T>>(path, { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export const useAdminSales = (query: Query, enabled?: boolean) =>
  useStaffList<AdminAuction>('sales', '/admin/auctions', query, enabled);
export const useAdminOrders = (query: Query, enabled?: boolean) =>
  useStaffList<AdminOrder>('orders', '/admin/orders', query, enabled);
export const useAdminUsers = (query: Query, enabled?: boolean) =>
  useStaffList<AdminUserRow>('users', '/admin/users', query, enabled);
export const useAdminAudit = (query: Query, enabled?: boolean) =>
  useStaffList<AdminAuditListResponse['data'][number]>('audit', '/admin/audit', query, enabled);
