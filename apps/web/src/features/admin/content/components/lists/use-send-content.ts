import { notify } from '@/lib/toast.ts';
import type { ContentCall } from '../../api/content-lists.ts';
import { adminMessage } from '../../../shell/server-message.ts';

/** Sends a change and toasts the server's answer; the caller's form shows field errors if it rejects. */
export function useSend(mutateAsync: (call: ContentCall) => Promise<{ message?: string }>) {
  return async (call: ContentCall) => {
    const res = await mutateAsync(call);
    if (res.message) notify.success(adminMessage(res.message));
  };
}
