import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AutopayPreference } from '@knotwork/shared/schemas/autopay';
import { api } from '@/lib/api-client.ts';
import { autopayPreferenceKey } from './get-autopay-preference.ts';

/** PUT /payment/autopay: turns paying automatically with the saved card on or off (off also stops waiting orders). */
export async function setAutopayPreference(enabled: boolean) {
  return api<{ message: string; data: AutopayPreference }>('/payment/autopay', {
    method: 'PUT',
    body: { enabled },
  });
}

export function useSetAutopayPreference() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setAutopayPreference,
    onSuccess: (res) => {
      client.setQueryData(autopayPreferenceKey, res.data);
      // Orders waiting for a charge were switched off with it.
      void client.invalidateQueries({ queryKey: ['order-autopay'] });
    },
  });
}
