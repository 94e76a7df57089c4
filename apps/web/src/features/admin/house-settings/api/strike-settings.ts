import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HouseSettings } from '@knotwork/shared/schemas/house-settings-staff';
import type { StrikeSettings } from '@knotwork/shared/schemas/strikes';
import { api } from '@/lib/api-client.ts';
import { settingsQueryKey } from './settings.ts';

/** PUT /admin/settings/strikes: active strikes before bidding is blocked, 0 never (decision 092). */
export function useSaveStrikes() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StrikeSettings) =>
      api<{ message: string; data: HouseSettings }>('/admin/settings/strikes', { method: 'PUT', body }),
    onSuccess: (res) => client.setQueryData(settingsQueryKey, res.data),
  });
}
