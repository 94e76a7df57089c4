import { NavLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { ThemeProvider, type Theme } from '@mui/material/styles';
import Close from '@mui/icons-material/Close';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import CollectionsOutlined from '@mui/icons-material/CollectionsOutlined';
import EventOutlined from '@mui/icons-material/EventOutlined';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import MailOutline from '@mui/icons-material/MailOutline';
import { useTranslation } from 'react-i18next';
import { layout } from '@knotwork/shared/constants/layout';
import { mainMenu, type MainMenuKey } from '@/config/navigation.ts';
import { paths } from '@/config/paths.ts';
import { Logo, LogoMark } from '@/components/ui/logo.tsx';
import { useAuthStore } from '@/lib/auth-store.ts';
import { useAuthDialogStore } from '@/lib/auth-dialog-store.ts';
import { useSettings } from '@/lib/settings.ts';
import { useNavTheme } from './use-nav-theme.ts';
import { CurrencyPicker } from '@/components/currency/currency-picker.tsx';
import { LazyTooltip } from '@/components/ui/lazy-tooltip.tsx';

const icons: Record<MainMenuKey, typeof HomeOutlined> = {
  home: HomeOutlined,
  collections: CollectionsOutlined,
  upcomingAuctions: EventOutlined,
  aboutUs: InfoOutlined,
  contactUs: MailOutline,
};

const transition = { enter: layout.menuAnimationInMs, exit: layout.menuAnimationOutMs };

type VerticalNavProps = { variant: 'temporary' | 'permanent'; open: boolean; onClose: () => void };

/** The semi-dark skin (SPEC.md 3) dresses the menu in the dark theme, so everything in it keeps its contrast. */
export function VerticalNav(props: VerticalNavProps) {
  return (
    <ThemeProvider theme={useNavTheme()}>
      <VerticalNavDrawer {...props} />
    </ThemeProvider>
  );
}

/**
 * The vertical layout's menu: a temporary drawer on small screens (where the layout is forced), a permanent
 * rail on wide screens when the settings choose it, 260px wide or 68px collapsed (`navHidden`).
 */
function VerticalNavDrawer({ variant, open, onClose }: VerticalNavProps) {
  const { t } = useTranslation();
  const { navHidden } = useSettings();
  const signedIn = useAuthStore((s) => s.user !== null);
  const collapsed = variant === 'permanent' && navHidden;
  const width = collapsed ? layout.verticalNavCollapsedWidth : layout.verticalNavWidth;
  // MUI mirrors a left drawer (and a tooltip placed right) itself in a right-to-left theme.
  const anchor = 'left';

  const openDialog = (dialog: 'login' | 'register') => {
    onClose();
    useAuthDialogStore.getState().show(dialog);
  };

  return (
    <Drawer
      variant={variant}
      anchor={anchor}
      open={variant === 'permanent' || open}
      onClose={onClose}
      transitionDuration={transition}
      // Not kept mounted: a closed temporary drawer measures itself (a forced layout) on every load and resize.
      slotProps={{
        paper: {
          component: 'nav',
          'aria-label': t('nav.main'),
          sx: {
            width,
            boxSizing: 'border-box',
            bgcolor: 'background.default',
            color: 'text.primary',
            borderInlineEnd: variant === 'permanent' ? 1 : 0,
            borderColor: 'divider',
            transition: (th: Theme) => th.transitions.create('width', { duration: layout.menuAnimationInMs }),
            overflowX: 'hidden',
          },
        } as object,
      }}
      sx={{ width: variant === 'permanent' ? width : undefined, flexShrink: 0 }}
    >
      <Box
        sx={{
          height: layout.headerHeight,
          display: 'flex',
          alignItems: 'center',
          justifyContent: collapsed ? 'center' : 'space-between',
          px: collapsed ? 0 : 6,
        }}
      >
        <Box
          component={NavLink}
          to={paths.home.href()}
          onClick={onClose}
          aria-label={t('nav.homeLink')}
          sx={{ color: 'inherit', display: 'flex' }}
        >
          {collapsed ? <LogoMark size={32} /> : <Logo height={26} style={{ color: 'inherit' }} />}
        </Box>
        {variant === 'temporary' && (
          <IconButton onClick={onClose} aria-label={t('nav.closeMenu')} sx={{ color: 'inherit' }}>
            <Close />
          </IconButton>
        )}
      </Box>
      {/* A div: its children are links (and tooltips around them), not <li>s, which a <ul> may not hold directly. */}
      <List component="div" sx={{ px: collapsed ? 2 : 3, py: 2 }}>
        {mainMenu.map((item) => {
          const Icon = icons[item.key];
          const label = t(item.label);
          const button = (
            <ListItemButton
              component={NavLink}
              to={item.to}
              end={item.end}
              onClick={onClose}
              sx={{
                borderRadius: '10px',
                mb: 1,
                minHeight: 48,
                justifyContent: collapsed ? 'center' : 'flex-start',
                color: 'text.secondary',
                '&.active': { color: 'text.primary', bgcolor: 'background.subtle' },
                '&.active .MuiListItemIcon-root': { color: 'accent.main' },
              }}
            >
              <ListItemIcon sx={{ minWidth: collapsed ? 0 : 40, color: 'inherit' }}>
                <Icon fontSize="small" />
              </ListItemIcon>
              {!collapsed && (
                <ListItemText
                  primary={label}
                  slotProps={{ primary: { sx: { fontWeight: 500, fontSize: '0.95rem' } } }}
                />
              )}
            </ListItemButton>
          );
          return collapsed ? (
            <LazyTooltip key={item.key} title={label} placement="right">
              {button}
            </LazyTooltip>
          ) : (
            <Box key={item.key}>{button}</Box>
          );
        })}
      </List>
      {variant === 'temporary' && (
        <Box sx={{ mt: 'auto', px: 6, py: 3, borderTop: 1, borderColor: 'divider' }}>
          <CurrencyPicker placement="drawer" />
        </Box>
      )}
      {!signedIn && variant === 'temporary' && (
        <Box sx={{ p: 6, display: 'grid', gap: 3, borderTop: 1, borderColor: 'divider' }}>
          <Button variant="contained" size="large" onClick={() => openDialog('register')}>
            {t('header.signUp')}
          </Button>
          <Button variant="outlined" color="inherit" size="large" onClick={() => openDialog('login')}>
            {t('header.login')}
          </Button>
        </Box>
      )}
    </Drawer>
  );
}
