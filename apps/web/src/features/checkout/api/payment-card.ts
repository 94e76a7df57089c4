import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { useAuthStore } from '@/lib/auth-store.ts';

/** POST /payment/stripe/setup-intent (pay-contract.md): a SetupIntent to save a card for later payments. */
export async function createSetupIntent(): Promise<{ clientSecret: string }> {
  return (await api<{ data: { clientSecret: string } }>('/payment/stripe/setup-intent', { method: 'POST' }))
    .data;
}

/** POST /payment/stripe/card: the server reads the confirmed SetupIntent and keeps its card; answers "Visa •••• 4242". */
export async function saveCard(setupIntentId: string): Promise<{ cardNumber: string }> {
  return (
    await api<{ data: { cardNumber: string } }>('/payment/stripe/card', {
      method: 'POST',
      body: { setupIntentId },
    })
  ).data;
}

/** DELETE /payment/stripe/card: forgets the saved card. */
export async function removeCard(): Promise<void> {
  await api<void>('/payment/stripe/card', { method: 'DELETE' });
}

/** The user payload's cardNumber follows what the server answered, so every page shows the same card. */
function useSetCardNumber() {
  return (cardNumber: string | null) => {
    const { user, setUser } = useAuthStore.getState();
    if (user) setUser({ ...user, cardNumber });
  };
}

export function useCreateSetupIntent() {
  return useMutation({ mutationFn: createSetupIntent });
}

export function useSaveCard() {
  const setCardNumber = useSetCardNumber();
  return useMutation({ mutationFn: saveCard, onSuccess: (res) => setCardNumber(res.cardNumber) });
}

export function useRemoveCard() {
  const setCardNumber = useSetCardNumber();
  return useMutation({ mutationFn: removeCard, onSuccess: () => setCardNumber(null) });
}
