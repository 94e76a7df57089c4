import { useTranslation } from 'react-i18next';
import { useAuthStore } from '@/lib/auth-store.ts';
import { useAuthDialogStore } from '@/lib/auth-dialog-store.ts';
import { screen, useMediaQuery } from '@/lib/use-media-query.ts';
import { NotificationBell } from './notification-bell.tsx';
import { AccountMenu } from './account-menu.tsx';
import { LanguageSwitcher } from './language-switcher.tsx';
import { CurrencyPicker } from '@/components/currency/currency-picker.tsx';

/** The language menu (icon only on phones), bell, Login and Sign Up for visitors (wide screens; phones find them in the menu drawer), and the avatar. */
export function HeaderActions({ showAuthButtons }: { showAuthButtons: boolean }) {
  const { t } = useTranslation();
  const signedIn = useAuthStore((s) => s.user !== null);
  const phone = useMediaQuery(screen.down('sm'));
  return (
    <div className="kw-header__actions">
      <LanguageSwitcher placement="header" compact={phone} />
      {/* On phones it sits in the menu drawer: the header has no room for it at 360 px. */}
      {!phone && <CurrencyPicker placement="header" />}
      <NotificationBell />
      {!signedIn && showAuthButtons && (
        <div className="kw-header__auth">
          <button
            type="button"
            className="kw-button"
            onClick={() => useAuthDialogStore.getState().show('login')}
          >
            {t('header.login')}
          </button>
          <button
            type="button"
            className="kw-button kw-button--contained"
            onClick={() => useAuthDialogStore.getState().show('register')}
          >
            {t('header.signUp')}
          </button>
        </div>
      )}
      <AccountMenu />
    </div>
  );
}
