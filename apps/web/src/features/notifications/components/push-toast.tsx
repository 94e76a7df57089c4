import { TOAST_PUSH_MS } from '@knotwork/shared/constants/limits';
import { notify } from '@/lib/toast.ts';

/**
 * A push that arrives while the site is open: green-bordered, top right, 3 s (SPEC.md 4, 9). The same
 * notification can arrive twice (Web Push and the live socket): one toast per text.
 */
export function showPushToast(title: string, body: string) {
  notify.show(
    <div data-testid="push-toast">
      {title && <div style={{ fontWeight: 700 }}>{title}</div>}
      {body && <div style={{ fontSize: '0.875rem', marginTop: title ? '0.0625rem' : 0 }}>{body}</div>}
    </div>,
    {
      id: `push:${title}\n${body}`,
      duration: TOAST_PUSH_MS,
      position: 'top-right',
      style: { border: '1px solid green' },
      icon: '🔔',
    },
  );
}
