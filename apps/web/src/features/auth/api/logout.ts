import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { useAuthStore } from '@/lib/auth-store.ts';
import { paths } from '@/config/paths.ts';
import { committedPath } from '../lib/committed-location.ts';

/**
 * Returns the sign-out action (SPEC.md 4 "Logout: clear stored data, go to /"). The server call only
 * revokes the token; if it fails (offline, token already expired) the local sign-out stands.
 */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    // Started now, while the token is still stored (the client reads it when the call begins), and not
    // waited for: signing out must not hang on a slow or unreachable server.
    void api('/auth/logout', { method: 'POST', skipUnauthorizedHandler: true }).catch(() => undefined);
    void dropPushSubscription();
    // Leave first: on a signed-in-only page its guard would answer the sign-out with
    // /login?redirect=... instead of letting us reach /.
    const arrived = committedPath(paths.home.href());
    await navigate(paths.home.href());
    await arrived;
    useAuthStore.getState().signOut();
    queryClient.removeQueries({ queryKey: ['auth'] });
    queryClient.removeQueries({ queryKey: ['notifications'] });
  }, [navigate, queryClient]);
}

/** On a shared computer the next person must not receive the previous user's pushes. */
async function dropPushSubscription() {
  try {
    if (!('serviceWorker' in navigator)) return;
    const registration = await navigator.serviceWorker.getRegistration();
    const subscription = await registration?.pushManager?.getSubscription();
    await subscription?.unsubscribe();
  } catch {
    // Best effort only.
  }
}
