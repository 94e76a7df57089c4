import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AutopaySettings } from '@knotwork/shared/schemas/autopay';
import type { HouseSettings } from '@knotwork/shared/schemas/house-settings-staff';
import { api } from '@/lib/api-client.ts';
import { settingsQueryKey } from './settings.ts';

/** PUT /admin/settings/autopay: how long after the invoice a buyer's saved card is charged (decision 096). */
export function useSaveAutopaySettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AutopaySettings) =>
      api<{ message: string; data: HouseSettings }>('/admin/settings/autopay', { method: 'PUT', body }),
    onSuccess: (res) => client.setQueryData(settingsQueryKey, res.data),
  });
}
