import type { CSSProperties } from 'react';

interface Styled {
  className?: string;
  style?: CSSProperties;
}

/** The diamond knot: two interlaced lozenges inside a diamond frame. */
export function LogoMark({ size = 36, className, style }: { size?: number } & Styled) {
  return (
    <svg
      viewBox="0 0 40 40"
      width={size}
      height={size}
      aria-hidden
      focusable="false"
      className={className}
      style={style}
    >
      <path d="M20 2.5 37.5 20 20 37.5 2.5 20Z" fill="none" stroke="currentColor" strokeWidth="2.2" />
      <path d="M15.5 12.5 23 20l-7.5 7.5L8 20Z" fill="none" stroke="#A88B55" strokeWidth="2.2" />
      <path d="M24.5 12.5 32 20l-7.5 7.5L17 20Z" fill="none" stroke="currentColor" strokeWidth="2.2" />
      {/* Re-draw one crossing over the other so the two loops read as knotted, not stacked. */}
      <path d="M19.2 16.2 23 20l-1.8 1.8" fill="none" stroke="#A88B55" strokeWidth="2.2" />
    </svg>
  );
}

/** The Knotwork wordmark with its mark, as one SVG that follows `currentColor`. */
export function Logo({ height = 34, className, style }: { height?: number } & Styled) {
  return (
    <svg
      viewBox="0 0 212 40"
      height={height}
      width={(height * 212) / 40}
      role="img"
      aria-label="Knotwork"
      // The wordmark is Latin whatever the page direction; RTL would otherwise lay the text out from its end.
      direction="ltr"
      // Plain (styles/shell.css): every page's header shows it (decision 070).
      className={className ? `kw-logo ${className}` : 'kw-logo'}
      style={style}
    >
      <path d="M20 2.5 37.5 20 20 37.5 2.5 20Z" fill="none" stroke="currentColor" strokeWidth="2.2" />
      <path d="M15.5 12.5 23 20l-7.5 7.5L8 20Z" fill="none" stroke="#A88B55" strokeWidth="2.2" />
      <path d="M24.5 12.5 32 20l-7.5 7.5L17 20Z" fill="none" stroke="currentColor" strokeWidth="2.2" />
      <path d="M19.2 16.2 23 20l-1.8 1.8" fill="none" stroke="#A88B55" strokeWidth="2.2" />
      <text
        x="52"
        y="27.5"
        fill="currentColor"
        fontFamily="inherit"
        fontSize="19"
        fontWeight="600"
        textLength="158"
        lengthAdjust="spacingAndGlyphs"
      >
        KNOTWORK
      </text>
    </svg>
  );
}
