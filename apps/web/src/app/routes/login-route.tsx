import { useEffect } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths.ts';
import { useAuthStore } from '@/lib/auth-store.ts';
import { useAuthDialogStore } from '@/lib/auth-dialog-store.ts';
import HomeRoute from './home-route.tsx';

/** Only same-site paths may be redirect targets; anything else (//evil.example, https://...) means home. */
function safePath(value: string | null): string | null {
  return value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') ? value : null;
}

/**
 * /login: the home page with the sign-in dialog open, carrying ?redirect to the dialog. Someone already signed
 * in goes straight to that redirect (or /).
 */
export default function LoginRoute() {
  const [params] = useSearchParams();
  const redirectTo = safePath(params.get('redirect'));
  const signedIn = useAuthStore((s) => s.isAuthenticated);
  const loading = useAuthStore((s) => s.loading);

  // Wait for the start-up session check so a still-valid session is not shown a sign-in dialog.
  useEffect(() => {
    if (!loading && !signedIn) useAuthDialogStore.getState().show('login', { redirectTo });
  }, [redirectTo, signedIn, loading]);

  if (signedIn) return <Navigate to={redirectTo ?? paths.home.href()} replace />;
  return <HomeRoute />;
}
