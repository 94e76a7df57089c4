import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RegistrationCreate, RegistrationStanding } from '@knotwork/shared/schemas/registrations';
import { api } from '@/lib/api-client.ts';

/** POST /rug/upcoming/{id}/registration: 201 registered (approved or pending), 200 already registered. */
export function register(saleId: string, input: RegistrationCreate) {
  return api<{ message: string; data: RegistrationStanding }>(
    `/rug/upcoming/${encodeURIComponent(saleId)}/registration`,
    { method: 'POST', body: input },
  );
}

export function useRegister(saleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RegistrationCreate) => register(saleId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['my-items'] }),
  });
}
