import { Suspense, useState } from 'react';
import { lazyMui } from '@/lib/mui-loader.tsx';
import { useTranslation } from 'react-i18next';
import type { RugFilter } from '@knotwork/shared/schemas/rug-filter';
import { useAuthDialogStore } from '@/lib/auth-dialog-store.ts';
import { useAuthStore } from '@/lib/auth-store.ts';
import { PlainIcon } from '@/components/ui/plain-icon.tsx';

// The dialog and its form controls stay out of the listing's first chunk until someone saves a search.
const SaveSearchDialog = lazyMui(() => import('./save-search-dialog.tsx'));

/**
 * "Save this search" under the listing's active filters. Signed out, it asks to sign in and brings the visitor back
 * to this very listing. A plain button (styles/buttons.css): it is in a filtered listing's first paint (decision 067).
 */
export function SaveSearchButton({
  filter,
  suggestedName,
  returnTo,
}: {
  filter: RugFilter;
  suggestedName: string;
  returnTo: string;
}) {
  const { t } = useTranslation('saved-searches');
  const signedIn = useAuthStore((s) => s.isAuthenticated);
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const start = () => {
    if (!signedIn) {
      useAuthDialogStore.getState().show('login', { redirectTo: returnTo });
      return;
    }
    setLoaded(true);
    setOpen(true);
  };
  return (
    <>
      <button type="button" className="kw-button kw-button--outlined kw-button--small" onClick={start}>
        <PlainIcon name="bookmarkAdd" />
        {t('save')}
      </button>
      {loaded && (
        <Suspense fallback={null}>
          <SaveSearchDialog
            open={open}
            filter={filter}
            suggestedName={suggestedName}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
