import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import PersonOutline from '@mui/icons-material/PersonOutline';
import FavoriteBorder from '@mui/icons-material/FavoriteBorder';
import Logout from '@mui/icons-material/Logout';
import Login from '@mui/icons-material/Login';
import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import { isStaffRole } from '@knotwork/shared/abilities/staff';
import { useTranslation } from 'react-i18next';
import { layout } from '@knotwork/shared/constants/layout';
import { paths } from '@/config/paths.ts';
import { useAuthStore } from '@/lib/auth-store.ts';
import { useAuthDialogStore } from '@/lib/auth-dialog-store.ts';
import { useLogout } from '@/features/auth/api/logout.ts';
import { useConsignorLink } from '@/features/consignor-portal/api/get-consignor-link.ts';

const menuTransition = { enter: layout.menuAnimationInMs, exit: layout.menuAnimationOutMs };

/**
 * The account menu's list (SPEC.md 2): Profile, My Items (and Back office for staff) and Logout when signed in, Login
 * only when not. Loaded when
 * the avatar is first pressed, so MUI's Menu and Popover stay out of a first visit.
 */
export default function AccountMenuList({
  anchor,
  close,
}: {
  anchor: HTMLElement | null;
  close: () => void;
}) {
  const { t } = useTranslation();
  // Popovers are placed by script, which the right-to-left styles cannot mirror: the menu hangs from the end edge.
  const endEdge = useTheme().direction === 'rtl' ? 'left' : 'right';
  const navigate = useNavigate();
  const logout = useLogout();
  const user = useAuthStore((s) => s.user);
  // Asked when the menu first opens (this list loads then): consignors see their portal's entry.
  const consignor = useConsignorLink().data?.linked === true;
  const open = Boolean(anchor);
  const go = (to: string) => {
    close();
    void navigate(to);
  };

  return (
    <Menu
      id="account-menu"
      anchorEl={anchor}
      open={open}
      onClose={close}
      transitionDuration={menuTransition}
      anchorOrigin={{ vertical: 'bottom', horizontal: endEdge }}
      transformOrigin={{ vertical: 'top', horizontal: endEdge }}
      slotProps={{ paper: { sx: { mt: 2, minWidth: 220 } } }}
    >
      {user
        ? [
            <Box key="who" sx={{ px: 4, py: 2.5 }}>
              <Typography variant="subtitle1" sx={{ lineHeight: 1.3 }}>
                {t('header.greeting', { name: user.first_name })}
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary' }} noWrap>
                {user.email}
              </Typography>
            </Box>,
            <Divider key="d1" />,
            <MenuItem key="profile" onClick={() => go(paths.profile.href())}>
              <ListItemIcon>
                <PersonOutline fontSize="small" />
              </ListItemIcon>
              {t('header.profile')}
            </MenuItem>,
            <MenuItem key="items" onClick={() => go(paths.myItems.href())}>
              <ListItemIcon>
                <FavoriteBorder fontSize="small" />
              </ListItemIcon>
              {t('header.myItems')}
            </MenuItem>,
            ...(consignor
              ? [
                  <MenuItem key="consignor" onClick={() => go(paths.consignorPortal.href())}>
                    <ListItemIcon>
                      <Inventory2Outlined fontSize="small" />
                    </ListItemIcon>
                    {t('header.consignorPortal')}
                  </MenuItem>,
                ]
              : []),
            // Staff reach the back office from here (issue 24.5); collectors never see it.
            ...(isStaffRole(user.role)
              ? [
                  <MenuItem key="admin" onClick={() => go(paths.admin.href())}>
                    <ListItemIcon>
                      <AdminPanelSettingsOutlined fontSize="small" />
                    </ListItemIcon>
                    {t('header.backOffice')}
                  </MenuItem>,
                ]
              : []),
            <Divider key="d2" />,
            <MenuItem
              key="logout"
              onClick={() => {
                close();
                void logout();
              }}
            >
              <ListItemIcon>
                <Logout fontSize="small" />
              </ListItemIcon>
              {t('header.logout')}
            </MenuItem>,
          ]
        : [
            <MenuItem
              key="login"
              onClick={() => {
                close();
                useAuthDialogStore.getState().show('login');
              }}
            >
              <ListItemIcon>
                <Login fontSize="small" />
              </ListItemIcon>
              {t('header.login')}
            </MenuItem>,
          ]}
    </Menu>
  );
}
