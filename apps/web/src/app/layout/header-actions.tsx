import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '@/lib/auth-store.ts';
import { useAuthDialogStore } from '@/lib/auth-dialog-store.ts';
import { NotificationBell } from './notification-bell.tsx';
import { AccountMenu } from './account-menu.tsx';
import { LanguageSwitcher } from './language-switcher.tsx';
import { CurrencyPicker } from '@/components/currency/currency-picker.tsx';

/** The language menu (icon only on phones), bell, Login and Sign Up for visitors (wide screens; phones find them in the menu drawer), and the avatar. */
export function HeaderActions({ showAuthButtons }: { showAuthButtons: boolean }) {
  const { t } = useTranslation();
  const signedIn = useAuthStore((s) => s.user !== null);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: { xs: 1, sm: 2 } }}>
      <LanguageSwitcher placement="header" compact={phone} />
      {/* On phones it sits in the menu drawer: the header has no room for it at 360 px. */}
      {!phone && <CurrencyPicker placement="header" />}
      <NotificationBell />
      {!signedIn && showAuthButtons && (
        <Box sx={{ display: 'flex', gap: 2, mx: 2 }}>
          <Button variant="text" color="inherit" onClick={() => useAuthDialogStore.getState().show('login')}>
            {t('header.login')}
          </Button>
          <Button variant="contained" onClick={() => useAuthDialogStore.getState().show('register')}>
            {t('header.signUp')}
          </Button>
        </Box>
      )}
      <AccountMenu />
    </Box>
  );
}
