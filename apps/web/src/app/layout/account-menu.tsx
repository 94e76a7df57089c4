import { lazy, Suspense, useState, type MouseEvent } from 'react';
import Avatar from '@mui/material/Avatar';
import IconButton from '@mui/material/IconButton';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '@/lib/auth-store.ts';
import { DEFAULT_AVATAR, mediaUrl } from '@/lib/media.ts';

const AccountMenuList = lazy(() => import('./account-menu-list.tsx'));

/** The avatar and its menu (SPEC.md 2); the menu's list loads when the avatar is first pressed. */
export function AccountMenu() {
  const { t } = useTranslation();
  const user = useAuthStore((s) => s.user);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Mounted from the first opening on, so the menu can play its closing transition.
  const [mounted, setMounted] = useState(false);
  const open = Boolean(anchor);

  return (
    <>
      <IconButton
        onClick={(e: MouseEvent<HTMLElement>) => {
          setAnchor(e.currentTarget);
          setMounted(true);
        }}
        aria-label={t('header.accountMenu')}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? 'account-menu' : undefined}
        data-testid="account-menu-button"
        sx={{ p: 0.5, border: 1, borderColor: 'divider' }}
      >
        <Avatar
          src={(user && mediaUrl(user.profileImage)) || DEFAULT_AVATAR}
          alt=""
          sx={{ width: 36, height: 36 }}
        />
      </IconButton>
      {mounted && (
        <Suspense fallback={null}>
          <AccountMenuList anchor={anchor} close={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
