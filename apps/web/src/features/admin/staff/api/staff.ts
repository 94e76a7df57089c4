import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnyRole, StaffRole } from '@knotwork/shared/abilities/staff';
import type { AdminStaff } from '@knotwork/shared/schemas/staff';
import { api } from '@/lib/api-client.ts';

export type { AdminStaff };

/** GET /admin/staff: every staff account. */
/** `enabled`: false for a role that may not read staff accounts (the audit page's person filter asks only then). */
export function useStaffAccounts(enabled = true) {
  return useQuery({
    enabled,
    queryKey: ['admin', 'staff'],
    queryFn: ({ signal }) => api<{ data: AdminStaff[] }>('/admin/staff', { signal }).then((r) => r.data),
  });
}

function useStaffMutation<V>(fn: (v: V) => Promise<{ message: string }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => void client.invalidateQueries({ queryKey: ['admin', 'staff'] }),
  });
}

/** POST /admin/staff. */
export const useAddStaff = () =>
  useStaffMutation((body: { email: string; firstName: string; lastName: string; role: StaffRole }) =>
    api<{ message: string }>('/admin/staff', { method: 'POST', body }),
  );

/** PATCH /admin/staff/:id; `user` takes staff access away. */
export const useSetStaffRole = () =>
  useStaffMutation(({ id, role }: { id: string; role: AnyRole }) =>
    api<{ message: string }>(`/admin/staff/${id}`, { method: 'PATCH', body: { role } }),
  );
