import { Toaster } from 'react-hot-toast';
import { useTheme } from '@mui/material/styles';
import { TOAST_ERROR_MS, TOAST_SUCCESS_MS } from '@knotwork/shared/constants/limits';
import { layout } from '@knotwork/shared/constants/layout';
import { useSettings } from '@/lib/settings.ts';
import { useEffectiveLayout } from './layout/use-effective-layout.ts';
import { radius, softShadow } from '@/lib/theme.ts';

/**
 * Toasts (SPEC.md 8, 9): 4 s for success, 5 s for errors, where the settings put them, 75px from the top,
 * or 139px when the horizontal layout shows its menu row under the header.
 */
export function AppToaster() {
  const settings = useSettings();
  const theme = useTheme();
  const effective = useEffectiveLayout();
  const top = effective === 'horizontal' && !settings.navHidden ? layout.toastTopOffsetHorizontalNav : layout.toastTopOffset;
  return (
    <Toaster
      // The toaster aligns with flex-start/flex-end, so in a right-to-left page "right" is already the end edge.
      position={settings.toastPosition}
      containerStyle={{ top }}
      toastOptions={{
        success: { duration: TOAST_SUCCESS_MS },
        error: { duration: TOAST_ERROR_MS },
        style: {
          borderRadius: radius.card,
          background: theme.palette.background.paper,
          color: theme.palette.text.primary,
          fontFamily: theme.typography.fontFamily,
          fontSize: '0.9rem',
          boxShadow: softShadow(theme.palette.mode, 12, 32, 0.14),
          padding: '12px 16px',
        },
      }}
    />
  );
}
