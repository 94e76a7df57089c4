import { useMemo } from 'react';
import { useTheme, type Theme } from '@mui/material/styles';
import { useSettings } from '@/lib/settings.ts';
import { createAppTheme } from '@/lib/theme.ts';

/**
 * The theme of the side menu: the page's own, except with the semi-dark skin (SPEC.md 3), which dresses the menu
 * in the dark palette on a light page (on a dark page it is the page's theme anyway).
 */
export function useNavTheme(): Theme {
  const settings = useSettings();
  const pageTheme = useTheme();
  const semiDark = settings.skin === 'semi-dark' && settings.mode !== 'dark';
  return useMemo(
    () => (semiDark ? createAppTheme({ ...settings, mode: 'dark' }) : pageTheme),
    [semiDark, settings, pageTheme],
  );
}
