import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RegistrationCreate, RegistrationStanding } from '@knotwork/shared/schemas/registrations';
import { api } from '@/lib/api-client.ts';
import { notify } from '@/lib/toast.ts';

/** POST /rug/upcoming/{id}/registration: 201 registered (approved or pending), 200 already registered. */
export function register(saleId: string, input: RegistrationCreate) {
  return api<{ message: string; data: RegistrationStanding }>(
    `/rug/upcoming/${encodeURIComponent(saleId)}/registration`,
    { method: 'POST', body: input },
  );
}

/**
 * The toasts live here, on the mutation, not in `mutate`'s callbacks: those do not run once the dialog unmounts,
 * and it does unmount when the registration's live event (approved at once) reaches the page before the POST's own
 * answer, which a busy server makes likely. The bidder would then see no "You are registered" at all.
 */
export function useRegister(saleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RegistrationCreate) => register(saleId, input),
    onSuccess: (res) => {
      notify.success(res.message);
      return queryClient.invalidateQueries({ queryKey: ['my-items'] });
    },
    onError: (error) => notify.fromError(error),
  });
}
