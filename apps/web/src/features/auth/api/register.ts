import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import type { RegisterInput } from '@knotwork/shared/schemas/auth';
import type { MessageResponse } from '@knotwork/shared/schemas/common';

export function register(input: RegisterInput) {
  return api<MessageResponse>('/auth/register', { method: 'POST', body: input });
}

export function useRegisterMutation() {
  return useMutation({ mutationFn: register });
}
