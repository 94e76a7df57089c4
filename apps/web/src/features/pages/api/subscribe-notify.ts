import { useMutation } from '@tanstack/react-query';
import type { NotifyInput } from '@knotwork/shared/schemas/content';
import type { MessageResponse } from '@knotwork/shared/schemas/common';
import { api } from '@/lib/api-client.ts';

/** POST /auth/notify { email }: be e-mailed when new auctions open; the answer's message is shown. */
export function subscribeNotify(input: NotifyInput) {
  return api<MessageResponse>('/auth/notify', { method: 'POST', body: input });
}

export function useSubscribeNotify() {
  return useMutation({ mutationFn: subscribeNotify });
}
