import type { HTMLAttributes } from 'react';
import type { BoxProps } from '@mui/material/Box';
import { layout } from '@knotwork/shared/constants/layout';
import { sxList } from '@/lib/sx.ts';
import { sxBox } from '@/lib/sx-box.ts';

/**
 * Centres content within the boxed maximum width of SPEC.md 9 with the page gutters. A plain element
 * (styles/shell.css) unless the caller styles it with `sx` or another element (`component`), which MUI draws
 * (lib/sx-box.ts).
 */
export function PageContainer({ sx, component, className, ...rest }: BoxProps) {
  if (sx === undefined && component === undefined) {
    const classes = className ? `kw-page-container ${className}` : 'kw-page-container';
    return <div className={classes} {...(rest as HTMLAttributes<HTMLDivElement>)} />;
  }
  const Box = sxBox();
  return (
    <Box
      component={component ?? 'div'}
      className={className}
      sx={[
        { width: '100%', maxWidth: layout.contentMaxWidth, mx: 'auto', px: { xs: 5, sm: 8, lg: 12 } },
        ...sxList(sx),
      ]}
      {...rest}
    />
  );
}
