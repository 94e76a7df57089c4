import type { SxProps, Theme } from '@mui/material/styles';

type SxList = Extract<SxProps<Theme>, ReadonlyArray<unknown>>;

// Array.isArray narrows SxProps to any[]; this guard keeps MUI's element type.
function isSxList(sx: SxProps<Theme>): sx is SxList {
  return Array.isArray(sx);
}

/**
 * A caller's `sx` as a list, to spread after a component's own styles (MUI's pattern for merging `sx`, which
 * takes an array of style objects, functions and booleans).
 */
export function sxList(sx: SxProps<Theme> | undefined): SxList {
  if (sx === undefined) return [];
  return isSxList(sx) ? sx : [sx];
}
