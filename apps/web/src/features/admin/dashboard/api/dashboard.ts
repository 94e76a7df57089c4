import { useQuery } from '@tanstack/react-query';
import type { AdminDashboard } from '@knotwork/shared/schemas/dashboard-staff';
import { api } from '@/lib/api-client.ts';

export type { AdminDashboard };

/**
 * GET /admin/dashboard. Refetched on the live socket's `dashboard.changed` nudges (lib/use-dashboard-live.ts,
 * decision 064); the slow poll is a backstop for changes that send none (a card payment's webhook).
 */
export function useAdminDashboard() {
  return useQuery({
    queryKey: ['admin', 'dashboard'],
    queryFn: ({ signal }) =>
      api<{ data: AdminDashboard }>('/admin/dashboard', { signal }).then((r) => r.data),
    refetchInterval: 60_000,
  });
}
