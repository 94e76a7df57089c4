import { Suspense, useState, type MouseEvent } from 'react';
import { lazyMui } from '@/lib/mui-loader.tsx';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '@/lib/auth-store.ts';
import { DEFAULT_AVATAR, mediaUrl } from '@/lib/media.ts';

const AccountMenuList = lazyMui(() => import('./account-menu-list.tsx'));

/**
 * The avatar and its menu (SPEC.md 2); the menu's list loads when the avatar is first pressed. A plain button
 * (styles/header.css): every page's first paint shows it (decision 067).
 */
export function AccountMenu() {
  const { t } = useTranslation();
  const user = useAuthStore((s) => s.user);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Mounted from the first opening on, so the menu can play its closing transition.
  const [mounted, setMounted] = useState(false);
  const open = Boolean(anchor);

  return (
    <>
      <button
        type="button"
        className="kw-icon-button kw-header__avatar"
        onClick={(e: MouseEvent<HTMLElement>) => {
          setAnchor(e.currentTarget);
          setMounted(true);
        }}
        aria-label={t('header.accountMenu')}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? 'account-menu' : undefined}
        data-testid="account-menu-button"
      >
        <img src={(user && mediaUrl(user.profileImage)) || DEFAULT_AVATAR} alt="" width={36} height={36} />
      </button>
      {mounted && (
        <Suspense fallback={null}>
          <AccountMenuList anchor={anchor} close={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
