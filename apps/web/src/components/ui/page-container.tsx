import Box, { type BoxProps } from '@mui/material/Box';
import { layout } from '@knotwork/shared/constants/layout';

/** Centres content within the boxed maximum width of SPEC.md 9 with the page gutters. */
export function PageContainer({ sx, ...rest }: BoxProps) {
  return <Box sx={{ width: '100%', maxWidth: layout.contentMaxWidth, mx: 'auto', px: { xs: 5, sm: 8, lg: 12 }, ...sx }} {...rest} />;
}
