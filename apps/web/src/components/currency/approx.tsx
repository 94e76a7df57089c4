import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { useApprox } from '@/lib/currency/use-approx.ts';
import { sxList } from '@/lib/sx.ts';

/**
 * The visitor's-currency figure beside a price (issue 14 section 6): "≈ approx. £9,875" in a quieter tone, or
 * nothing. The price itself stays in the sale's currency, the one bids are placed and charged in.
 */
export function Approx({
  cents,
  high,
  block = false,
  sx,
}: {
  cents: number | null | undefined;
  /** The high end of an estimate. */
  high?: number;
  /** On its own line under the price rather than beside it. */
  block?: boolean;
  sx?: SxProps<Theme>;
}) {
  const approx = useApprox();
  const text = cents === null || cents === undefined ? null : approx(cents, high);
  if (!text) return null;
  return (
    <Box
      component="span"
      data-testid="approx"
      sx={[
        {
          display: block ? 'block' : 'inline',
          ml: block ? 0 : 1,
          // text.primary: the secondary grey at this size fell under 4.5:1 on the sale page's cards (axe).
          color: 'text.primary',
          fontSize: '0.8125rem',
          fontWeight: 400,
          // Inline beside a price it moves to the next line whole; on a line of its own (a narrow grid cell on a
          // phone) it may wrap rather than widen the page.
          whiteSpace: block ? 'normal' : 'nowrap',
          overflowWrap: 'anywhere',
          fontVariantNumeric: 'tabular-nums',
        },
        ...sxList(sx),
      ]}
    >
      {text}
    </Box>
  );
}
