import { Navigate, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths.ts';
import { useAuthStore } from '@/lib/auth-store.ts';
import { readStoredUser } from '@/lib/session-storage.ts';

/** "Signed in" for the guards means stored user data exists (SPEC.md 2), not that /auth/me has answered yet. */
function useHasUser() {
  const user = useAuthStore((s) => s.user);
  return user !== null || readStoredUser() !== null;
}

/** Guest-only routes (/verify-otp): a signed-in visitor is sent to /. */
export function GuestOnly() {
  return useHasUser() ? <Navigate to={paths.home.href()} replace /> : <Outlet />;
}

/**
 * Signed-in-only routes: a loader while the session is checked, then, with no user and no stored user data,
 * /login?redirect={path+query+hash} (plain /login from /).
 */
export function SignedInOnly() {
  const { t } = useTranslation();
  const loading = useAuthStore((s) => s.loading);
  const hasUser = useHasUser();
  const location = useLocation();
  if (loading) {
    return (
      // A plain spinner (styles/empty-state.css): the guards are part of every page's entry.
      <div role="status" aria-label={t('loadingSession')} className="kw-session-check">
        <span className="kw-spinner" />
      </div>
    );
  }
  if (!hasUser) {
    const here = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={location.pathname === '/' ? paths.login.href() : paths.login.href(here)} replace />;
  }
  return <Outlet />;
}
