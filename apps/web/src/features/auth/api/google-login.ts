import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import type { AuthResponse } from './auth-response.ts';

/** Posts the Google ID token (the `credential` of Google Identity Services) to /auth/google. */
export function googleLogin(token: string) {
  return api<AuthResponse>('/auth/google', {
    method: 'POST',
    body: { token },
    skipUnauthorizedHandler: true,
  });
}

export function useGoogleLoginMutation() {
  return useMutation({ mutationFn: googleLogin });
}
