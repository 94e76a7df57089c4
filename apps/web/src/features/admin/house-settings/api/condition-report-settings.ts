import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConditionReportSettings } from '@knotwork/shared/schemas/condition-reports';
import type { HouseSettings } from '@knotwork/shared/schemas/house-settings-staff';
import { api } from '@/lib/api-client.ts';
import { settingsQueryKey } from './settings.ts';

/** PUT /admin/settings/condition-reports: the hours the house promises to answer a request within (decision 095). */
export function useSaveConditionReports() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ConditionReportSettings) =>
      api<{ message: string; data: HouseSettings }>('/admin/settings/condition-reports', {
        method: 'PUT',
        body,
      }),
    onSuccess: (res) => client.setQueryData(settingsQueryKey, res.data),
  });
}
