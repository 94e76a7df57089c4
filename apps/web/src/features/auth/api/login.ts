import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import type { LoginInput } from '@knotwork/shared/schemas/auth';
import type { AuthResponse } from './auth-response.ts';

export function login(input: LoginInput) {
  // A 401 here means wrong credentials, not an expired session.
  return api<AuthResponse>('/auth/login', { method: 'POST', body: input, skipUnauthorizedHandler: true });
}

export function useLoginMutation() {
  return useMutation({ mutationFn: login });
}
