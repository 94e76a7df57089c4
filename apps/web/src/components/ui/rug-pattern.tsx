import { useId, type CSSProperties } from 'react';

/**
 * A hand-knotted rug drawn in SVG: fringe, a patterned main border between guard stripes, a lattice field,
 * corner spandrels and a stepped medallion with pendants. The seed picks the palette and the motifs, so a
 * collection without a photograph still gets a stable, characterful image of its own and no external image
 * is ever fetched.
 */

interface RugPalette {
  field: string;
  border: string;
  ivory: string;
  accent: string;
  ink: string;
}

/** Natural-dye palettes: madder, indigo, Oushak apricot, walnut, celadon, saffron. */
const palettes: RugPalette[] = [
  { field: '#8A2E24', border: '#1E2A45', ivory: '#EADCC0', accent: '#C2893C', ink: '#2A1C16' },
  { field: '#22304F', border: '#8A2E24', ivory: '#E8DCC4', accent: '#B98A46', ink: '#141B2E' },
  { field: '#E6D6BA', border: '#B5694A', ivory: '#F5ECDD', accent: '#7E8D73', ink: '#5B3A2C' },
  { field: '#5A3B2C', border: '#C9A66B', ivory: '#EDE0C8', accent: '#8C3B2B', ink: '#2C1D15' },
  { field: '#7F8C77', border: '#E6D8BE', ivory: '#F3EBDD', accent: '#A8653F', ink: '#3E3A2F' },
  { field: '#B9853A', border: '#2A2F4A', ivory: '#F1E4C9', accent: '#8A2E24', ink: '#3A2616' },
];

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

/** A diamond with stepped edges, the way a knotted grid draws a diagonal. */
function steppedDiamond(cx: number, cy: number, a: number, b: number, steps: number): string {
  const dx = a / steps;
  const dy = b / steps;
  const pts: [number, number][] = [[cx, cy - b]];
  for (let i = 0; i < steps; i++)
    pts.push([cx + (i + 1) * dx, cy - b + i * dy], [cx + (i + 1) * dx, cy - b + (i + 1) * dy]);
  for (let i = 0; i < steps; i++)
    pts.push([cx + a - i * dx, cy + (i + 1) * dy], [cx + a - (i + 1) * dx, cy + (i + 1) * dy]);
  for (let i = 0; i < steps; i++)
    pts.push([cx - (i + 1) * dx, cy + b - i * dy], [cx - (i + 1) * dx, cy + b - (i + 1) * dy]);
  for (let i = 0; i < steps; i++)
    pts.push([cx - a + i * dx, cy - (i + 1) * dy], [cx - a + (i + 1) * dx, cy - (i + 1) * dy]);
  return pts.map(([x, y]) => `${x.toFixed(2)},${y.toFixed(2)}`).join(' ');
}

/** The fringe's 40 strands at the top and 40 at the bottom, as one path. */
function fringePath(height: number, fringe: number): string {
  let d = '';
  for (let i = 0; i < 40; i++) {
    const x = Number((3 + i * 4.9).toFixed(1));
    d += `M${x} 1V${fringe + 1}M${x} ${height - fringe - 1}V${height - 1}`;
  }
  return d;
}

/** A right triangle of legs `a` (across) and `b` (down) in each corner of the field, pointing inwards. */
function spandrels(fx: number, fy: number, fw: number, fh: number, a: number, b: number): string {
  return (
    [
      [fx, fy, 1, 1],
      [fx + fw, fy, -1, 1],
      [fx, fy + fh, 1, -1],
      [fx + fw, fy + fh, -1, -1],
    ] as const
  )
    .map(([x, y, sx, sy]) => `M${x} ${y} h${sx * a} L${x} ${y + sy * b}Z`)
    .join('');
}

export interface RugPatternProps {
  seed: string;
  /** Size and placement in its frame; it fills the frame by default. */
  style?: CSSProperties;
  /** Portrait (a rug as hung) or landscape (a card image cropped from the field). */
  orientation?: 'portrait' | 'landscape';
}

export function RugPattern({ seed, orientation = 'portrait', style }: RugPatternProps) {
  const uid = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const h = hash(seed);
  const p = palettes[h % palettes.length]!;
  const lattice = (h >> 3) % 3;
  const borderMotif = (h >> 5) % 2;
  const steps = 5 + ((h >> 7) % 4);

  const W = 200;
  const H = 300;
  const fringe = 9;
  const bw = 24;
  const fx = bw + 5;
  const fy = fringe + bw + 5;
  const fw = W - 2 * fx;
  const fh = H - 2 * fy;
  const cx = W / 2;
  const cy = H / 2;
  const id = (name: string) => `${uid}-${name}`;
  const viewBox = orientation === 'portrait' ? `0 0 ${W} ${H}` : `0 ${cy - 62} ${W} 124`;

  return (
    <svg
      viewBox={viewBox}
      preserveAspectRatio="xMidYMid slice"
      aria-hidden
      focusable="false"
      // Plain: every rug card without a photograph draws one (decision 070).
      style={{ display: 'block', width: '100%', height: '100%', ...style }}
    >
      <defs>
        <pattern id={id('field')} width="20" height="20" patternUnits="userSpaceOnUse" x={fx} y={fy}>
          <rect width="20" height="20" fill={p.field} />
          {lattice === 0 && (
            <path
              d="M10 2 18 10 10 18 2 10Z"
              fill="none"
              stroke={p.ivory}
              strokeOpacity="0.35"
              strokeWidth="1"
            />
          )}
          {lattice === 1 && (
            <>
              <path d="M0 0 20 20M20 0 0 20" stroke={p.ink} strokeOpacity="0.25" strokeWidth="1" />
              <rect x="8" y="8" width="4" height="4" fill={p.accent} fillOpacity="0.75" />
            </>
          )}
          {lattice === 2 && (
            <>
              <path d="M10 4v12M4 10h12" stroke={p.ivory} strokeOpacity="0.4" strokeWidth="1.4" />
              <circle cx="0" cy="0" r="2" fill={p.accent} fillOpacity="0.6" />
              <circle cx="20" cy="20" r="2" fill={p.accent} fillOpacity="0.6" />
            </>
          )}
        </pattern>
        <pattern id={id('border')} width="22" height="22" patternUnits="userSpaceOnUse" x="0" y={fringe}>
          <rect width="22" height="22" fill={p.border} />
          {borderMotif === 0 ? (
            <>
              <path d="M11 3 19 11 11 19 3 11Z" fill={p.ivory} fillOpacity="0.9" />
              <path d="M11 7 15 11 11 15 7 11Z" fill={p.field} />
            </>
          ) : (
            <>
              <path
                d="M0 16 5.5 6 11 16 16.5 6 22 16"
                fill="none"
                stroke={p.ivory}
                strokeWidth="2"
                strokeLinejoin="bevel"
              />
              <circle cx="11" cy="5" r="1.6" fill={p.accent} />
            </>
          )}
        </pattern>
        <pattern id={id('knots')} width="3" height="3" patternUnits="userSpaceOnUse">
          <path d="M0 1.5h3" stroke="#000" strokeOpacity="0.07" strokeWidth="0.8" />
        </pattern>
      </defs>

      {/* Fringe: one path of 80 strands (80 <line> elements made every card without a photograph cost ~120 nodes
          to parse, lay out and hydrate; a related-rugs row drew 2,000 of them) */}
      <path
        d={fringePath(H, fringe)}
        stroke={p.ivory}
        strokeWidth="1.3"
        strokeLinecap="round"
        opacity="0.9"
      />

      {/* Main border between guard stripes */}
      <rect x="0" y={fringe} width={W} height={H - 2 * fringe} fill={`url(#${id('border')})`} />
      <rect
        x="3"
        y={fringe + 3}
        width={W - 6}
        height={H - 2 * fringe - 6}
        fill="none"
        stroke={p.ink}
        strokeWidth="1.5"
      />
      <rect x={fx - 4} y={fy - 4} width={fw + 8} height={fh + 8} fill={p.ivory} />
      <rect x={fx - 2} y={fy - 2} width={fw + 4} height={fh + 4} fill={p.accent} />

      {/* Field */}
      <rect x={fx} y={fy} width={fw} height={fh} fill={`url(#${id('field')})`} />
      {/* Abrash: the slight banding of hand-dyed wool lots */}
      <rect x={fx} y={fy + fh * 0.18} width={fw} height={fh * 0.09} fill={p.ink} opacity="0.07" />
      <rect x={fx} y={fy + fh * 0.71} width={fw} height={fh * 0.06} fill={p.ivory} opacity="0.06" />

      {/* Corner spandrels: three nested triangles per corner, one path per colour */}
      <path d={spandrels(fx, fy, fw, fh, 46, 62)} fill={p.border} />
      <path d={spandrels(fx, fy, fw, fh, 30, 40)} fill={p.ivory} fillOpacity="0.9" />
      <path d={spandrels(fx, fy, fw, fh, 14, 19)} fill={p.accent} />

      {/* Pendants and medallion */}
      <polygon points={steppedDiamond(cx, cy - 92, 13, 16, 3)} fill={p.border} />
      <polygon points={steppedDiamond(cx, cy + 92, 13, 16, 3)} fill={p.border} />
      <line x1={cx} y1={cy - 76} x2={cx} y2={cy - 70} stroke={p.border} strokeWidth="3" />
      <line x1={cx} y1={cy + 70} x2={cx} y2={cy + 76} stroke={p.border} strokeWidth="3" />
      <polygon points={steppedDiamond(cx, cy, 58, 74, steps)} fill={p.ivory} />
      <polygon points={steppedDiamond(cx, cy, 52, 67, steps)} fill={p.border} />
      <polygon points={steppedDiamond(cx, cy, 38, 50, steps - 1)} fill={p.accent} />
      <polygon points={steppedDiamond(cx, cy, 30, 40, steps - 2)} fill={p.field} />
      <polygon points={steppedDiamond(cx, cy, 16, 21, 3)} fill={p.ivory} />
      <polygon points={steppedDiamond(cx, cy, 7, 9, 2)} fill={p.ink} />

      {/* Knot rows over everything, for the texture of pile */}
      <rect x="0" y={fringe} width={W} height={H - 2 * fringe} fill={`url(#${id('knots')})`} />
    </svg>
  );
}

/** A strip of rug border (guard stripes around a row of lozenges), for edges of quiet pages. */
export function BorderBand({ height = 24 }: { height?: number }) {
  const uid = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const p = palettes[1]!;
  return (
    <svg
      aria-hidden
      focusable="false"
      style={{ display: 'block', width: '100%', height }}
      preserveAspectRatio="none"
    >
      <defs>
        <pattern id={`${uid}-band`} width="24" height="24" patternUnits="userSpaceOnUse">
          <rect width="24" height="24" fill={p.field} />
          <rect y="0" width="24" height="2" fill={p.accent} />
          <rect y="22" width="24" height="2" fill={p.accent} />
          <path d="M12 5 19 12 12 19 5 12Z" fill={p.ivory} />
          <path d="M12 9 15 12 12 15 9 12Z" fill={p.border} />
        </pattern>
      </defs>
      <rect width="100%" height="100%" fill={`url(#${uid}-band)`} />
    </svg>
  );
}
