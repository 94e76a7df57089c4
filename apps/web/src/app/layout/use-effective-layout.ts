import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useSettings, type LayoutMode } from '@/lib/settings.ts';

/** The layout actually used: the stored choice, except that small screens (< 900px) always get the vertical one. */
export function useEffectiveLayout(): LayoutMode {
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const { layout } = useSettings();
  return small ? 'vertical' : layout;
}

export function useIsSmallScreen(): boolean {
  const theme = useTheme();
  return useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
}
