import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, isNotFound } from '@/lib/api-client.ts';
import { useAuthDialogStore } from '@/lib/auth-dialog-store.ts';
import { useAuthStore } from '@/lib/auth-store.ts';
import { notify } from '@/lib/toast.ts';
import { useToggleRugLike } from '@/lib/rug-like.ts';

/**
 * The heart on a card. Signed out, it opens the sign-in dialog and brings the visitor back to this very listing;
 * signed in, it toggles the like on the server. A 404 (the endpoint is not deployed, or the rug is gone) is told
 * plainly rather than as a raw error.
 */
export function useLikeRug(returnTo: string) {
  const { t } = useTranslation('catalogue');
  const signedIn = useAuthStore((s) => s.isAuthenticated);
  const toggle = useToggleRugLike();

  return useCallback(
    (rugId: string, liked: boolean) => {
      if (!signedIn) {
        useAuthDialogStore.getState().show('login', { redirectTo: returnTo });
        return;
      }
      toggle.mutate(
        { rugId, liked },
        {
          onError: (error) => {
            if (isNotFound(error)) notify.error(t('like.unavailable'));
            else if (!(error instanceof ApiError && error.status === 401))
              notify.fromError(error, t('like.failed'));
          },
        },
      );
    },
    [signedIn, returnTo, toggle, t],
  );
}
