import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HouseSettings } from '@knotwork/shared/schemas/house-settings-staff';
import type { TelephoneSettings } from '@knotwork/shared/schemas/telephone-bids';
import { api } from '@/lib/api-client.ts';
import { settingsQueryKey } from '../../house-settings/api/settings.ts';

/** PUT /admin/settings/telephone: the lowest estimate that takes telephone lines, and lines per lot (decision 097). */
export function useSaveTelephoneSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TelephoneSettings) =>
      api<{ message: string; data: HouseSettings }>('/admin/settings/telephone', { method: 'PUT', body }),
    onSuccess: (res) => client.setQueryData(settingsQueryKey, res.data),
  });
}
