import type { SxProps, Theme } from '@mui/material/styles';
import { radius } from '@/lib/theme.ts';

/** The card both telephone boxes of the lot page sit in (booking lines, and the bidder's own line). */
export const lineCard: SxProps<Theme> = {
  p: 4,
  borderRadius: `${radius.card}px`,
  border: 1,
  borderColor: 'divider',
  bgcolor: 'background.paper',
  display: 'grid',
  gap: 2,
  justifyItems: 'start',
};
