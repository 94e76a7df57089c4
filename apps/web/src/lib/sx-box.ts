import type { ComponentType } from 'react';
import type { BoxProps } from '@mui/material/Box';

let SxBox: ComponentType<BoxProps> | null = null;

/** Called by lib/mui-scope.tsx when it loads. */
export function bindSxBox(box: ComponentType<BoxProps>) {
  SxBox = box;
}

/**
 * MUI's Box for the shared components that accept a caller's `sx` (PageContainer, ResponsiveImage, Approx,
 * RugPattern, Logo). Without `sx` they are plain elements, so the listing, which passes none, does not download
 * MUI (decision 070). A caller that passes `sx` is a page drawn with MUI, rendered inside a MUI scope, whose code
 * has bound the Box before the page rendered.
 */
export function sxBox(): ComponentType<BoxProps> {
  if (!SxBox) throw new Error('An `sx` prop outside a MUI scope: wrap the part with lib/mui-loader.tsx.');
  return SxBox;
}
