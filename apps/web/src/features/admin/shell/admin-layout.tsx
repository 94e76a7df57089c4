import { useState } from 'react';
import { Navigate, NavLink, Outlet } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import GridViewOutlined from '@mui/icons-material/GridViewOutlined';
import GavelOutlined from '@mui/icons-material/GavelOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import PeopleOutline from '@mui/icons-material/PeopleOutline';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import ArticleOutlined from '@mui/icons-material/ArticleOutlined';
import CollectionsOutlined from '@mui/icons-material/CollectionsOutlined';
import MailOutline from '@mui/icons-material/MailOutline';
import HandshakeOutlined from '@mui/icons-material/HandshakeOutlined';
import AccountBalanceOutlined from '@mui/icons-material/AccountBalanceOutlined';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import RequestQuoteOutlined from '@mui/icons-material/RequestQuoteOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import MenuIcon from '@mui/icons-material/Menu';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import PlagiarismOutlined from '@mui/icons-material/PlagiarismOutlined';
import { useTranslation } from 'react-i18next';
import { layout } from '@knotwork/shared/constants/layout';
import { paths } from '@/config/paths.ts';
import { Logo } from '@/components/ui/logo.tsx';
import { useAuthStore } from '@/lib/auth-store.ts';
import { readStoredUser } from '@/lib/session-storage.ts';
import { adminMenu, type AdminMenuKey } from './admin-menu.ts';
import { useCan } from './use-can.ts';

const icons: Record<AdminMenuKey, typeof DashboardOutlined> = {
  dashboard: DashboardOutlined,
  rugs: GridViewOutlined,
  sales: GavelOutlined,
  orders: ReceiptLongOutlined,
  bidders: PeopleOutline,
  identity: FactCheckOutlined,
  messages: ForumOutlined,
  audit: HistoryOutlined,
  staff: BadgeOutlined,
  settings: SettingsOutlined,
  import: UploadFileOutlined,
  content: ArticleOutlined,
  collections: CollectionsOutlined,
  contact: MailOutline,
  consignors: HandshakeOutlined,
  settlements: AccountBalanceOutlined,
  payouts: PaymentsOutlined,
  payoutBatches: RequestQuoteOutlined,
  reports: InsightsOutlined,
  conditionReports: PlagiarismOutlined,
};

function SideNav({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation('admin');
  const { can } = useCan();
  return (
    <Box
      component="nav"
      aria-label={t('nav.label')}
      sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}
    >
      <Box sx={{ height: 64, display: 'flex', alignItems: 'center', px: 6, gap: 3 }}>
        <Logo height={22} />
      </Box>
      <List component="div" sx={{ px: 3, py: 2 }}>
        {adminMenu
          .filter((item) => can(item.action ?? 'read', item.subject))
          .map((item) => {
            const Icon = icons[item.key];
            return (
              <ListItemButton
                key={item.key}
                component={NavLink}
                to={item.to}
                end={item.end}
                onClick={onNavigate}
                sx={{
                  borderRadius: '10px',
                  mb: 1,
                  minHeight: 44,
                  color: 'text.secondary',
                  '&.active': { color: 'text.primary', bgcolor: 'background.subtle' },
                  '&.active .MuiListItemIcon-root': { color: 'accent.main' },
                }}
              >
                <ListItemIcon sx={{ minWidth: 40, color: 'inherit' }}>
                  <Icon fontSize="small" />
                </ListItemIcon>
                <ListItemText
                  primary={t(item.label ?? `nav.${item.key}`)}
                  slotProps={{ primary: { sx: { fontWeight: 500, fontSize: '0.95rem' } } }}
                />
              </ListItemButton>
            );
          })}
      </List>
    </Box>
  );
}

/**
 * The back office's frame (issue 11): staff only (a signed-out visitor goes to sign in, a collector to the 404
 * page, so the back office does not announce itself), a 260 px side navigation (a drawer on phones) showing
 * what the role may open, and the page.
 */
export default function AdminLayout() {
  const { t } = useTranslation('admin');
  const user = useAuthStore((s) => s.user) ?? readStoredUser();
  const loading = useAuthStore((s) => s.loading);
  const { isStaff, role } = useCan();
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'));
  const [open, setOpen] = useState(false);

  if (!user) return <Navigate to={paths.login.href(paths.admin.href())} replace />;
  // Until /auth/me answers, the stored user decides; a stale stored role is corrected by the server's 403s.
  if (!loading && !isStaff) return <Navigate to={paths.notFound.href()} replace />;
  if (!isStaff) return null;

  const width = layout.verticalNavWidth;
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <Drawer
        variant={wide ? 'permanent' : 'temporary'}
        open={wide || open}
        onClose={() => setOpen(false)}
        ModalProps={{ keepMounted: true }}
        sx={{ width: wide ? width : undefined, flexShrink: 0 }}
        slotProps={{
          paper: {
            sx: {
              width,
              boxSizing: 'border-box',
              bgcolor: 'background.paper',
              borderInlineEnd: 1,
              borderColor: 'divider',
            },
          },
        }}
      >
        <SideNav onNavigate={() => setOpen(false)} />
      </Drawer>
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <AppBar
          position="sticky"
          color="inherit"
          elevation={0}
          sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
        >
          <Toolbar sx={{ gap: 3, minHeight: 64 }}>
            {!wide && (
              <IconButton edge="start" aria-label={t('nav.open')} onClick={() => setOpen(true)}>
                <MenuIcon />
              </IconButton>
            )}
            <Typography component="p" variant="subtitle1" sx={{ fontWeight: 600, flex: 1 }}>
              {t('title')}
            </Typography>
            <Typography
              component="p"
              variant="body2"
              sx={{ color: 'text.secondary', display: { xs: 'none', sm: 'block' } }}
            >
              {user.first_name} · {t(`roles.${role ?? 'admin'}`)}
            </Typography>
            <Button component={NavLink} to={paths.home.href()} size="small" variant="outlined">
              {t('nav.site')}
            </Button>
          </Toolbar>
        </AppBar>
        <Box
          component="main"
          sx={{ p: { xs: 4, md: 8 }, maxWidth: layout.contentMaxWidth, width: '100%', mx: 'auto' }}
        >
          <Outlet />
        </Box>
      </Box>
    </Box>
  );
}
