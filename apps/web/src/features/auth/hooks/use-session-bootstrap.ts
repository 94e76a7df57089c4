import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { setUnauthorizedHandler } from '@/lib/api-client.ts';
import { useAuthStore } from '@/lib/auth-store.ts';
import { readToken } from '@/lib/session-storage.ts';
import { notify } from '@/lib/toast.ts';
import { paths } from '@/config/paths.ts';
import { getMe, meQueryOptions } from '../api/me.ts';
import { loadUnreadCount } from '../api/unread-count.ts';
import { publishCommittedPath } from '../lib/committed-location.ts';

/** Survives the hard redirect so the "session expired" notice is still seen on the /login page. */
const EXPIRED_FLAG = 'knotwork:session-expired';

let startup: Promise<void> | null = null;
let redirecting = false;

/**
 * The session at start-up and after (SPEC.md 4): checks a stored token once with /auth/me, registers
 * the global 401 handling, and re-fetches the user whenever the signed-in user changes. Mount once at
 * the root, inside the router and the query client provider.
 */
export function useSessionBootstrap() {
  const queryClient = useQueryClient();

  useEffect(() => {
    setUnauthorizedHandler(handleUnauthorized);
    if (sessionStorage.getItem(EXPIRED_FLAG)) {
      sessionStorage.removeItem(EXPIRED_FLAG);
      notifyUnauthorized();
    }
    // Once per page load, also under StrictMode's double effects.
    startup ??= checkStoredSession(queryClient);
  }, [queryClient]);

  // Lets sign-in and sign-out wait until a navigation is on screen (see committed-location.ts).
  const { pathname } = useLocation();
  useEffect(() => publishCommittedPath(pathname), [pathname]);

  // "The header re-fetches user data on load and when authentication changes": keyed by user id, so a
  // different sign-in fetches afresh while the start-up answer is reused, not asked for twice.
  const loading = useAuthStore((s) => s.loading);
  const userId = useAuthStore((s) => (s.isAuthenticated ? (s.user?.id ?? null) : null));
  const me = useQuery({ ...meQueryOptions(userId), enabled: userId !== null && !loading });
  useEffect(() => {
    if (me.data && useAuthStore.getState().isAuthenticated) useAuthStore.getState().setUser(me.data.user);
  }, [me.data]);
}

async function checkStoredSession(queryClient: QueryClient) {
  const store = useAuthStore.getState();
  if (!readToken()) {
    store.signOut();
    return;
  }
  try {
    // A stale token at start-up is not an "expired session" to announce: just treat it as signed out.
    const response = await getMe({ skipUnauthorizedHandler: true });
    queryClient.setQueryData(meQueryOptions(response.user.id).queryKey, response);
    store.setUser(response.user);
    await loadUnreadCount();
  } catch {
    store.signOut();
  } finally {
    useAuthStore.getState().setLoading(false);
  }
}

/** "Your session has expired…": the shared messages load with it, not in every page's entry (issue 9). */
function notifyUnauthorized() {
  void import('@knotwork/shared/messages/api').then((m) => notify.error(m.apiMessages.unauthorized));
}

/** Any 401 on a signed-in call: one toast and one redirect however many calls fail together. */
function handleUnauthorized() {
  if (redirecting) return;
  redirecting = true;
  useAuthStore.getState().signOut();
  notifyUnauthorized();
  sessionStorage.setItem(EXPIRED_FLAG, '1');
  window.location.assign(paths.login.href());
}
