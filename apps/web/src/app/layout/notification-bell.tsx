import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NOTIFICATION_BADGE_MAX } from '@knotwork/shared/constants/limits';
import { paths } from '@/config/paths.ts';
import { useAuthStore } from '@/lib/auth-store.ts';
import { useAuthDialogStore } from '@/lib/auth-dialog-store.ts';
import { LazyTooltip } from '@/components/ui/lazy-tooltip.tsx';

/**
 * The bell (SPEC.md 2, 9): to /notification when signed in, the sign-in dialog when not. A gold badge
 * appears once anything is unread and caps its count at 99 ("99+").
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signedIn = useAuthStore((s) => s.user !== null);
  const unread = useAuthStore((s) => s.unReadNotificationCount);
  const count = signedIn ? unread : 0;

  const onClick = () => {
    if (signedIn) void navigate(paths.notifications.href());
    else useAuthDialogStore.getState().show('login', { redirectTo: paths.notifications.href() });
  };

  return (
    <LazyTooltip title={t('header.notifications')}>
      <IconButton
        onClick={onClick}
        // The badge's figure is part of the name, so what is seen is what a screen reader or voice control hears
        // (axe: label-content-name-mismatch).
        aria-label={
          count > 0
            ? t('header.notificationsWithCount', {
                shown: count > NOTIFICATION_BADGE_MAX ? `${NOTIFICATION_BADGE_MAX}+` : String(count),
              })
            : t('header.notifications')
        }
        aria-description={count > 0 ? t('header.unreadCount', { count }) : undefined}
        data-testid="notification-bell"
        sx={{ color: 'text.primary' }}
      >
        <Badge
          // No content at 0: MUI keeps a hidden badge's last content as text, which axe reads as part of the
          // bell's name (label-content-name-mismatch).
          badgeContent={count > 0 ? count : undefined}
          max={NOTIFICATION_BADGE_MAX}
          invisible={count <= 0}
          overlap="circular"
          slotProps={{ badge: { 'data-testid': 'notification-badge' } as object }}
          sx={{
            '& .MuiBadge-badge': {
              bgcolor: 'accent.main',
              color: 'accent.contrastText',
              minWidth: 18,
              height: 18,
              fontSize: '0.68rem',
            },
          }}
        >
          <NotificationsNoneOutlined />
        </Badge>
      </IconButton>
    </LazyTooltip>
  );
}
