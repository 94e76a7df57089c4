import { api } from '@/lib/api-client.ts';
import { useAuthStore } from '@/lib/auth-store.ts';
import type { UnreadCountResponse } from '@knotwork/shared/schemas/notifications';

/**
 * Loads the unread notification count into the auth store after start-up and after every sign-in
 * (SPEC.md 4). Failures are ignored silently (SPEC.md 8). The notifications feature keeps the count
 * fresh afterwards; this one call lives here so auth does not import another feature.
 */
export async function loadUnreadCount(): Promise<void> {
  try {
    const { count } = await api<UnreadCountResponse>('/notification/unread/count', {
      skipUnauthorizedHandler: true,
    });
    useAuthStore.getState().setUnreadCount(count);
  } catch {
    // Silently ignored by design.
  }
}
