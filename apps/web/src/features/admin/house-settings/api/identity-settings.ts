import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HouseSettings, IdentitySettings } from '@knotwork/shared/schemas/house-settings-staff';
import { api } from '@/lib/api-client.ts';
import { settingsQueryKey } from './settings.ts';

/** PUT /admin/settings/identity: the identity check's threshold, currency, period and retention (decision 093). */
export function useSaveIdentitySettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: IdentitySettings) =>
      api<{ message: string; data: HouseSettings }>('/admin/settings/identity', { method: 'PUT', body }),
    onSuccess: (res) => client.setQueryData(settingsQueryKey, res.data),
  });
}
