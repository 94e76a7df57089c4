import { useStaffList, type StaffListQuery } from '../../shell/use-staff-list.ts';

export interface AdminUserRow {
  id: string;
  name: string;
  email: string;
  role: string;
  biddingBlockedAt: string | null;
  biddingBlockedReason: string | null;
  /** Strikes not cleared (decision 092). */
  activeStrikes?: number;
}

/** GET /admin/users: the staff bidders grid. */
export const useAdminUsers = (query: StaffListQuery, enabled?: boolean) =>
  useStaffList<AdminUserRow>('users', '/admin/users', query, enabled);
