import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NOTIFICATION_BADGE_MAX } from '@knotwork/shared/constants/limits';
import { paths } from '@/config/paths.ts';
import { useAuthStore } from '@/lib/auth-store.ts';
import { useAuthDialogStore } from '@/lib/auth-dialog-store.ts';
import { LazyTooltip } from '@/components/ui/lazy-tooltip.tsx';
import { PlainIcon } from '@/components/ui/plain-icon.tsx';

/**
 * The bell (SPEC.md 2, 9): to /notification when signed in, the sign-in dialog when not. A gold badge
 * appears once anything is unread and caps its count at 99 ("99+"). Plain elements (styles/buttons.css): every
 * page's first paint shows it (decision 067).
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signedIn = useAuthStore((s) => s.user !== null);
  const unread = useAuthStore((s) => s.unReadNotificationCount);
  const count = signedIn ? unread : 0;
  const shown = count > NOTIFICATION_BADGE_MAX ? `${NOTIFICATION_BADGE_MAX}+` : String(count);

  const onClick = () => {
    if (signedIn) void navigate(paths.notifications.href());
    else useAuthDialogStore.getState().show('login', { redirectTo: paths.notifications.href() });
  };

  return (
    <LazyTooltip title={t('header.notifications')}>
      <button
        type="button"
        className="kw-icon-button"
        onClick={onClick}
        // The badge's figure is part of the name, so what is seen is what a screen reader or voice control hears
        // (axe: label-content-name-mismatch).
        aria-label={count > 0 ? t('header.notificationsWithCount', { shown }) : t('header.notifications')}
        aria-description={count > 0 ? t('header.unreadCount', { count }) : undefined}
        data-testid="notification-bell"
      >
        <PlainIcon name="bell" />
        <span className="kw-badge" data-testid="notification-badge" hidden={count <= 0}>
          {count > 0 ? shown : ''}
        </span>
      </button>
    </LazyTooltip>
  );
}
