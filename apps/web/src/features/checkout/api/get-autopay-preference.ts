import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AutopayPreference } from '@knotwork/shared/schemas/autopay';
import { api } from '@/lib/api-client.ts';

export const autopayPreferenceKey = ['autopay-preference'] as const;

/** GET /payment/autopay: whether new orders are paid automatically with the saved card, and the house's delay. */
export async function getAutopayPreference(signal?: AbortSignal): Promise<AutopayPreference> {
  return (await api<{ data: AutopayPreference }>('/payment/autopay', { signal })).data;
}

export const autopayPreferenceQueryOptions = () =>
  queryOptions({ queryKey: autopayPreferenceKey, queryFn: ({ signal }) => getAutopayPreference(signal) });

export function useAutopayPreference(enabled = true) {
  return useQuery({ ...autopayPreferenceQueryOptions(), enabled });
}
