import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import type { VerifyOtpInput } from '@knotwork/shared/schemas/auth';
import type { MessageResponse } from '@knotwork/shared/schemas/common';
import type { AuthResponse } from './auth-response.ts';

export function verifyOtp(input: VerifyOtpInput) {
  return api<AuthResponse>('/auth/verify-otp', {
    method: 'POST',
    body: input,
    skipUnauthorizedHandler: true,
  });
}

export function useVerifyOtpMutation() {
  return useMutation({ mutationFn: verifyOtp });
}

export function resendOtp(email: string) {
  return api<MessageResponse>('/auth/resend-otp', { method: 'POST', body: { email } });
}

export function useResendOtpMutation() {
  return useMutation({ mutationFn: resendOtp });
}
