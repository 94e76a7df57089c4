import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import type { LoginInput } from '@knotwork/shared/schemas/auth';
import type { AuthResponse } from './auth-response.ts';

export function login(input: LoginInput) {
  // A 401 here means wrong credentials, not an expired session. An e-mail still to verify answers 202 with
  // data.requiresOtp (asked for with ?unverified=accepted): an expected answer, so no error in the console.
  return api<AuthResponse>('/auth/login', {
    method: 'POST',
    body: input,
    query: { unverified: 'accepted' },
    skipUnauthorizedHandler: true,
  });
}

export function useLoginMutation() {
  return useMutation({ mutationFn: login });
}
