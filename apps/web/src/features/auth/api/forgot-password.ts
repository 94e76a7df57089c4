import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import type { ForgotPasswordInput } from '@knotwork/shared/schemas/auth';
import type { MessageResponse } from '@knotwork/shared/schemas/common';

/** Also used by "Resend OTP" in the Reset Password dialog: asking again sends a fresh reset code. */
export function forgotPassword(input: ForgotPasswordInput) {
  return api<MessageResponse>('/auth/password/forgot', { method: 'POST', body: input });
}

export function useForgotPasswordMutation() {
  return useMutation({ mutationFn: forgotPassword });
}
