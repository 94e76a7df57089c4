import { Toaster } from 'react-hot-toast';
import { TOAST_ERROR_MS, TOAST_SUCCESS_MS } from '@knotwork/shared/constants/limits';
import { layout } from '@knotwork/shared/constants/layout';
import { useSettings } from '@/lib/settings.ts';
import { useEffectiveLayout } from './layout/use-effective-layout.ts';
import { radius } from '@/lib/theme.ts';

/**
 * Toasts (SPEC.md 8, 9): 4 s for success, 5 s for errors, where the settings put them, 75px from the top,
 * or 139px when the horizontal layout shows its menu row under the header.
 */
export function AppToaster() {
  const settings = useSettings();
  const effective = useEffectiveLayout();
  const top =
    effective === 'horizontal' && !settings.navHidden
      ? layout.toastTopOffsetHorizontalNav
      : layout.toastTopOffset;
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
          // The palette's custom properties (styles/baseline.css): the toaster is not drawn with MUI.
          background: 'var(--kw-paper)',
          color: 'var(--kw-text)',
          fontFamily: 'inherit',
          fontSize: '0.9rem',
          boxShadow: 'var(--kw-toast-shadow)',
          padding: '12px 16px',
        },
      }}
    />
  );
}
