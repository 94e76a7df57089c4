import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CatalogueConditionsSettings,
  HouseSettings,
} from '@knotwork/shared/schemas/house-settings-staff';
import { api } from '@/lib/api-client.ts';
import { settingsQueryKey } from './settings.ts';

/** PUT /admin/settings/catalogue-conditions: the conditions of sale printed in catalogues, per language. */
export function useSaveCatalogueConditions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CatalogueConditionsSettings) =>
      api<{ message: string; data: HouseSettings }>('/admin/settings/catalogue-conditions', {
        method: 'PUT',
        body,
      }),
    onSuccess: (res) => client.setQueryData(settingsQueryKey, res.data),
  });
}
