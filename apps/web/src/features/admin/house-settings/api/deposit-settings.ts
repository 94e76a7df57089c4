import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HouseSettings } from '@knotwork/shared/schemas/house-settings-staff';
import type { DepositSettings } from '@knotwork/shared/schemas/deposits';
import { api } from '@/lib/api-client.ts';
import { settingsQueryKey } from './settings.ts';

/** PUT /admin/settings/deposits: the limit multiple and the lot estimate that needs a deposit (decision 091). */
export function useSaveDepositSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: DepositSettings) =>
      api<{ message: string; data: HouseSettings }>('/admin/settings/deposits', { method: 'PUT', body }),
    onSuccess: (res) => client.setQueryData(settingsQueryKey, res.data),
  });
}
