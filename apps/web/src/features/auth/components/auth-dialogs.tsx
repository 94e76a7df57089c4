import { Suspense, useEffect, useState } from 'react';
import { lazyMui } from '@/lib/mui-loader.tsx';
import { useAuthDialogStore } from '@/lib/auth-dialog-store.ts';

/** The four dialogs with their forms, zod schemas and text fields: fetched the first time one opens. */
const AccountDialogs = lazyMui(() => import('./account-dialogs.tsx'));

/**
 * The account dialogs; whichever `useAuthDialogStore().open` names is shown. Mount once inside the
 * router (they navigate after sign-in) and the query client provider. Nothing of them loads until one is
 * asked for; once loaded they stay mounted so closing still animates.
 */
export function AuthDialogs() {
  const open = useAuthDialogStore((s) => s.open);
  const [wanted, setWanted] = useState(open !== null);
  useEffect(() => {
    if (open !== null) setWanted(true);
  }, [open]);
  if (!wanted && open === null) return null;
  return (
    <Suspense fallback={null}>
      <AccountDialogs />
    </Suspense>
  );
}
