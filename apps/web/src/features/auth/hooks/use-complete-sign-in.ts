import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useAuthStore } from '@/lib/auth-store.ts';
import { useAuthDialogStore } from '@/lib/auth-dialog-store.ts';
import { notify } from '@/lib/toast.ts';
import { paths } from '@/config/paths.ts';
import { readAuthSession, type AuthResponse, type AuthSession } from '../api/auth-response.ts';
import { loadUnreadCount } from '../api/unread-count.ts';
import { committedPath } from '../lib/committed-location.ts';
import { redirectFromLocation, safeRedirect } from '../lib/safe-redirect.ts';

/**
 * The one place a successful sign-in lands (password, Google, OTP): store token and user, show the
 * server's message, refresh the unread count, close the dialogs and go on (SPEC.md 4).
 * `to` fixes the destination (OTP goes to /home); otherwise the dialog's redirect, ?redirect= or /.
 */
function finish(session: AuthSession) {
  useAuthStore.getState().signIn(session.token, session.user);
  if (session.message) notify.success(session.message);
  void loadUnreadCount();
}

export function useCompleteSignIn() {
  const navigate = useNavigate();
  return useCallback(
    async (response: AuthResponse, options: { to?: string } = {}) => {
      const session = readAuthSession(response);
      if (!session) {
        notify.error('Sign-in answer was incomplete. Please try again.');
        return false;
      }
      const dialog = useAuthDialogStore.getState();
      const target = options.to ?? safeRedirect(dialog.redirectTo ?? redirectFromLocation());
      dialog.close();
      // The redirect is for this sign-in only; the next dialog opened from the header starts clean.
      useAuthDialogStore.setState({ redirectTo: null });
      if (options.to) {
        // A fixed destination is left from a guest-only page (/verify-otp), whose guard would send a
        // signed-in user to / first: arrive, then sign in.
        const arrived = committedPath(target);
        await navigate(target, { replace: true });
        await arrived;
        finish(session);
      } else {
        // A redirect may be a signed-in-only page: sign in, then go.
        finish(session);
        await navigate(target, { replace: window.location.pathname === paths.login.path });
      }
      return true;
    },
    [navigate],
  );
}
