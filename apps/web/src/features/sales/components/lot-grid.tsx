import { useDeferredValue } from 'react';
import Box from '@mui/material/Box';
import type { LotWithRug } from '@knotwork/shared/schemas/sales';
import { LotCard, LotCardSkeleton } from './lot-card.tsx';

const gridSx = {
  listStyle: 'none',
  p: 0,
  m: 0,
  display: 'grid',
  gap: { xs: 6, md: 8 },
  gridTemplateColumns: {
    xs: 'repeat(2, minmax(0, 1fr))',
    md: 'repeat(3, minmax(0, 1fr))',
    lg: 'repeat(4, minmax(0, 1fr))',
  },
} as const;

/** The most cards a row holds (gridSx). */
const FIRST_ROW = 4;

/** A lot and this browser's clock when it arrived (pages of a list arrive at different times). */
export interface TimedLot {
  lot: LotWithRug;
  receivedAt: number;
}

/** Lots as a grid of cards, in the order given. */
export function LotGrid({
  items,
  label,
  showSale = false,
  eagerCount = 4,
}: {
  items: TimedLot[];
  label: string;
  showSale?: boolean;
  /** Pictures loaded at once with high priority (the first row); 0 below a page's own main picture. */
  eagerCount?: number;
}) {
  // The first row at once, the rest in a background render React slices up (no long main-thread task; issue 9).
  const shown = useDeferredValue(items.length, Math.min(items.length, FIRST_ROW));
  return (
    <Box component="ul" sx={gridSx} aria-label={label} data-testid="lot-grid">
      {items.slice(0, shown).map(({ lot, receivedAt }, i) => (
        <Box component="li" key={lot.id}>
          <LotCard lot={lot} receivedAt={receivedAt} eager={i < eagerCount} showSale={showSale} />
        </Box>
      ))}
    </Box>
  );
}

export function LotGridSkeleton({ count = 8, label }: { count?: number; label: string }) {
  return (
    <Box sx={gridSx} role="status" aria-busy="true" aria-label={label}>
      {Array.from({ length: count }, (_, i) => (
        <LotCardSkeleton key={i} />
      ))}
    </Box>
  );
}
