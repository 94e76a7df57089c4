import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import type { ResetPasswordInput } from '@knotwork/shared/schemas/auth';
import type { MessageResponse } from '@knotwork/shared/schemas/common';

export function resetPassword(input: ResetPasswordInput) {
  return api<MessageResponse>('/auth/password/reset', { method: 'POST', body: input });
}

export function useResetPasswordMutation() {
  return useMutation({ mutationFn: resetPassword });
}
