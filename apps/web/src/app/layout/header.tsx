import { Link as RouterLink } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import useScrollTrigger from '@mui/material/useScrollTrigger';
import MenuIcon from '@mui/icons-material/Menu';
import { alpha } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { layout } from '@knotwork/shared/constants/layout';
import { paths } from '@/config/paths.ts';
import { Logo } from '@/components/ui/logo.tsx';
import { PageContainer } from '@/components/ui/page-container.tsx';
import { useSettings } from '@/lib/settings.ts';
import { softShadow } from '@/lib/theme.ts';
import { HeaderActions } from './header-actions.tsx';
import { HorizontalNav } from './horizontal-nav.tsx';

/**
 * The sticky header, 90px (SPEC.md 9): logo, bell, Login/Sign Up or the avatar. In the horizontal layout the
 * menu row sits beneath it; in the vertical layout a menu button opens the drawer (phones) or the side rail
 * carries the logo and menu (wide screens).
 */
export function Header({
  mode,
  onOpenNav,
  showLogo,
}: {
  mode: 'horizontal' | 'vertical-drawer' | 'vertical-rail';
  onOpenNav: () => void;
  showLogo: boolean;
}) {
  const { t } = useTranslation();
  const { navHidden } = useSettings();
  const scrolled = useScrollTrigger({ disableHysteresis: true, threshold: 8 });

  return (
    <AppBar
      position="sticky"
      component="header"
      sx={{
        bgcolor: (th) => alpha(th.palette.background.default, 0.92),
        backdropFilter: 'saturate(140%) blur(12px)',
        borderBottom: 1,
        borderColor: scrolled ? 'divider' : 'transparent',
        boxShadow: (th) => (scrolled ? softShadow(th.palette.mode, 6, 24, 0.06) : 'none'),
        transition: 'box-shadow 300ms ease, border-color 300ms ease',
      }}
    >
      <PageContainer sx={{ height: layout.headerHeight, display: 'flex', alignItems: 'center', gap: 3 }}>
        {mode === 'vertical-drawer' && (
          <IconButton onClick={onOpenNav} aria-label={t('nav.openMenu')} edge="start" sx={{ color: 'text.primary' }}>
            <MenuIcon />
          </IconButton>
        )}
        {showLogo && (
          <Box component={RouterLink} to={paths.home.href()} aria-label={t('nav.homeLink')} sx={{ display: 'flex', color: 'text.primary' }}>
            <Logo height={mode === 'vertical-drawer' ? 24 : 32} />
          </Box>
        )}
        <Box sx={{ flex: 1 }} />
        <HeaderActions showAuthButtons={mode !== 'vertical-drawer'} />
      </PageContainer>
      {mode === 'horizontal' && !navHidden && <HorizontalNav />}
    </AppBar>
  );
}
