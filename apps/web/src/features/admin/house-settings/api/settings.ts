import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BankTransferSettings,
  HouseIdentitySettings,
  HouseSettings,
  IncrementSettings,
  PremiumSettings,
  RegistrationSettings,
  SettlementSettings,
  ShippingSettings,
} from '@knotwork/shared/schemas/house-settings-staff';
import { api } from '@/lib/api-client.ts';

export type { HouseSettings, ShippingSettings };

export const settingsQueryKey = ['admin', 'settings'] as const;

/** GET /admin/settings: the house's settings as they apply now (decision 064); accounts and admins read them. */
export function useHouseSettings() {
  return useQuery({
    queryKey: settingsQueryKey,
    queryFn: ({ signal }) => api<{ data: HouseSettings }>('/admin/settings', { signal }).then((r) => r.data),
  });
}

type Saved = { message: string; data: HouseSettings };

function useSaveSetting<V>(path: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: V) => api<Saved>(`/admin/settings/${path}`, { method: 'PUT', body }),
    onSuccess: (res) => client.setQueryData(settingsQueryKey, res.data),
  });
}

/** PUT /admin/settings/bank-transfer: what a buyer paying by transfer is told. */
export const useSaveBankTransfer = () => useSaveSetting<BankTransferSettings>('bank-transfer');
/** PUT /admin/settings/shipping: the zones' countries and flat rates. */
export const useSaveShipping = () => useSaveSetting<ShippingSettings>('shipping');
/** PUT /admin/settings/increments: the default increment table of new sales. */
export const useSaveIncrements = () => useSaveSetting<IncrementSettings>('increments');
/** PUT /admin/settings/premium: the default buyer's premium of new sales. */
export const useSavePremium = () => useSaveSetting<PremiumSettings>('premium');
/** PUT /admin/settings/house: the house's name, address and tax number on invoices (decision 073). */
export const useSaveHouse = () => useSaveSetting<HouseIdentitySettings>('house');
/** PUT /admin/settings/settlements: the holding period, default consignment terms and paying account (decision 087). */
export const useSaveSettlements = () => useSaveSetting<SettlementSettings>('settlements');
/** PUT /admin/settings/registration: which registrations to bid are approved at once (decision 090). */
export const useSaveRegistration = () => useSaveSetting<RegistrationSettings>('registration');
