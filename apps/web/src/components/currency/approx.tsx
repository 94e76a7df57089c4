import type { CSSProperties } from 'react';
import { useApprox } from '@/lib/currency/use-approx.ts';

/**
 * The visitor's-currency figure beside a price (issue 14 section 6): "≈ approx. £9,875" in a quieter tone, or
 * nothing. The price itself stays in the sale's currency, the one bids are placed and charged in.
 */
export function Approx({
  cents,
  high,
  block = false,
  style,
}: {
  cents: number | null | undefined;
  /** The high end of an estimate. */
  high?: number;
  /** On its own line under the price rather than beside it. */
  block?: boolean;
  /** A caller's adjustments (alignment, spacing). */
  style?: CSSProperties;
}) {
  const approx = useApprox();
  const text = cents === null || cents === undefined ? null : approx(cents, high);
  if (!text) return null;
  // Plain (styles/approx.css): every card with a price shows one (decision 070).
  return (
    <span className={block ? 'kw-approx kw-approx--block' : 'kw-approx'} style={style} data-testid="approx">
      {text}
    </span>
  );
}
