import { radius } from '@/lib/theme.ts';

/**
 * The bordered card a box on the lot page sits in: the telephone boxes (booking lines, the bidder's own line) and
 * "Register to bid". A plain object, so a caller can change one value (`{ ...panelCard, p: 3 }`).
 */
export const panelCard = {
  p: 4,
  borderRadius: `${radius.card}px`,
  border: 1,
  borderColor: 'divider',
  bgcolor: 'background.paper',
  display: 'grid',
  gap: 2,
  justifyItems: 'start',
} as const;
