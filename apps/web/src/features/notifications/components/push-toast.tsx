import Box from '@mui/material/Box';
import { TOAST_PUSH_MS } from '@knotwork/shared/constants/limits';
import { notify } from '@/lib/toast.ts';

/**
 * A push that arrives while the site is open: green-bordered, top right, 3 s (SPEC.md 4, 9). The same
 * notification can arrive twice (Web Push and the live socket): one toast per text.
 */
export function showPushToast(title: string, body: string) {
  notify.show(
    <Box data-testid="push-toast">
      {title && <Box sx={{ fontWeight: 700 }}>{title}</Box>}
      {body && <Box sx={{ fontSize: '0.875rem', mt: title ? 0.25 : 0 }}>{body}</Box>}
    </Box>,
    {
      id: `push:${title}\n${body}`,
      duration: TOAST_PUSH_MS,
      position: 'top-right',
      style: { border: '1px solid green' },
      icon: '🔔',
    },
  );
}
