import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import type { ContactInput } from '@knotwork/shared/schemas/contact';
import type { MessageResponse } from '@knotwork/shared/schemas/common';

/** POST /auth/contactus (SPEC.md 7: name, email, mobile_number, message; the answer's message is shown). */
export function sendContactMessage(input: ContactInput) {
  return api<MessageResponse>('/auth/contactus', { method: 'POST', body: input });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
