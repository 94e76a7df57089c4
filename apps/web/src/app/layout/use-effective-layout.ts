import { useSettings, type LayoutMode } from '@/lib/settings.ts';
import { screen, useMediaQuery } from '@/lib/use-media-query.ts';

/** The layout actually used: the stored choice, except that small screens (< 900px) always get the vertical one. */
export function useEffectiveLayout(): LayoutMode {
  const small = useIsSmallScreen();
  const { layout } = useSettings();
  return small ? 'vertical' : layout;
}

export function useIsSmallScreen(): boolean {
  return useMediaQuery(screen.down('md'));
}
