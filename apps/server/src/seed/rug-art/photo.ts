import sharp from 'sharp';
import type { KnotColours } from './colorize.ts';
import type { Shape } from './knot-grid.ts';
import { hash2, valueNoise } from './prng.ts';

type Rgb = readonly [number, number, number];

export type Pile = 'short' | 'medium' | 'shag';

/** The flat-woven band and fringe at both ends of the length (none on round and oval rugs). */
export interface Ends {
  kilim: number;
  fringe: number;
  kilimRgb: Rgb;
  fringeRgb: Rgb;
}

export interface ViewOptions {
  knots: KnotColours;
  shape: Shape;
  /** What the camera sees, in knot coordinates: the rug spans 0..width and 0..height knots. */
  centre: { x: number; y: number };
  /** Knots across the output width. */
  span: number;
  out: { width: number; height: number };
  mode: 'front' | 'back';
  pile: Pile;
  /** Degrees the rug lies askew. */
  rotation: number;
  ends: Ends | null;
  edgeRgb: Rgb;
  seed: number;
}

/** Rows of wobble table beyond the rug ends (kilim and fringe). */
const WOBBLE_PAD = 200;
/**
 * Rendering is plain JavaScript on the server's thread (seeding renders in the background of a running server), so
 * it hands the event loop back every few rows: requests wait at most a few milliseconds behind a picture.
 */
const YIELD_EVERY_ROWS = 24;
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));
const BACKDROP_TOP: Rgb = [229, 225, 218];
const BACKDROP_BOTTOM: Rgb = [214, 208, 199];

/** What the rug's rows need across calls: the picture, its silhouette, the wobble table and the grain's lattice rows. */
interface RugPaint {
  o: ViewOptions;
  out: Buffer;
  alpha: Uint8Array;
  wobble: Float32Array;
  grainTop: Float64Array;
  grainBottom: Float64Array;
  grainRow: number;
}

function rugPaint(o: ViewOptions, out: Buffer, alpha: Uint8Array): RugPaint {
  const wobble = new Float32Array((o.knots.height + 2 * WOBBLE_PAD) * 4);
  for (let j = 0; j < wobble.length; j++) wobble[j] = (valueNoise(j / 4 / 30, 0.5, o.seed + 21) - 0.5) * 1.6;
  // The fibre grain is valueNoise(px / 1.3, py / 5): its lattice rows change every 5 pixel rows, so their hashes are
  // taken once per lattice row, not four times per pixel (the same numbers).
  const latticeWidth = Math.ceil(o.out.width / 1.3) + 2;
  return {
    o,
    out,
    alpha,
    wobble,
    grainTop: new Float64Array(latticeWidth),
    grainBottom: new Float64Array(latticeWidth),
    grainRow: -1,
  };
}

/**
 * Draws the rug's pixels of rows [from, to) into `p.out` and marks them in `p.alpha`. A plain function, called a few
 * rows at a time: everything it reads is a local here, where an async function would keep it in its suspended frame
 * (drawing is per-pixel JavaScript, and this is most of a demo picture's time).
 */
function paintRugRows(p: RugPaint, from: number, to: number): void {
  const { o, out, alpha, wobble, grainTop, grainBottom } = p;
  const { width: W, height: H, rgb } = o.knots;
  const ow = o.out.width;
  const oh = o.out.height;
  const ppk = ow / o.span;
  const cos = Math.cos((o.rotation * Math.PI) / 180);
  const sin = Math.sin((o.rotation * Math.PI) / 180);
  const cx = W / 2;
  const cy = H / 2;
  const centreX = o.centre.x;
  const centreY = o.centre.y;
  const front = o.mode === 'front';
  const back = o.mode === 'back';
  const elliptical = o.shape === 'round' || o.shape === 'oval';
  const seed = o.seed;
  // Shape imperfection of a hand-knotted rug: one end a little wider, sides slightly bowed.
  const taper = (hash2(1, 2, seed) - 0.5) * 0.025;
  const bow = (hash2(3, 4, seed) - 0.5) * Math.min(2.5, W * 0.012);
  const shear = (hash2(5, 6, seed) - 0.5) * Math.min(3, W * 0.012);
  const bump = back ? 0 : Math.min(0.12, 0.03 * ppk);
  const shag = o.pile === 'shag';
  const grainSeed = seed + 31;
  const latticeWidth = grainTop.length;

  for (let py = from; py < to; py++) {
    const gy = py / 5;
    const gy0 = Math.floor(gy);
    const gfy = gy - gy0;
    const gsy = gfy * gfy * (3 - 2 * gfy);
    if (!back && gy0 !== p.grainRow) {
      p.grainRow = gy0;
      for (let x0 = 0; x0 < latticeWidth; x0++) {
        grainTop[x0] = hash2(x0, gy0, grainSeed);
        grainBottom[x0] = hash2(x0, gy0 + 1, grainSeed);
      }
    }
    for (let px = 0; px < ow; px++) {
      // Camera -> rug coordinates (rotation about the rug centre).
      const vx = centreX + (px - ow / 2) / ppk - cx;
      const vy = centreY + (py - oh / 2) / ppk - cy;
      let kx = cx + vx * cos + vy * sin;
      let ky = cy - vx * sin + vy * cos;
      const along = ky / H - 0.5;
      kx = cx + (kx - cx) * (1 + taper * along * 2) + bow * Math.sin(Math.PI * (ky / H)) + shear * along;
      // Sides wander a knot or so along the length (a table lookup: this runs per pixel).
      const row = Math.max(0, Math.min(wobble.length - 1, Math.round((ky + WOBBLE_PAD) * 4)));
      kx += wobble[row]! * (kx < cx ? 1 : 0.6);
      if (shag) {
        kx += (valueNoise(px / (ppk * 0.9), py / (ppk * 0.9), seed + 23) - 0.5) * 2.2;
        ky += (valueNoise(px / (ppk * 0.9), py / (ppk * 0.9), seed + 24) - 0.5) * 2.2;
      }
      // Fibres cross knot boundaries: jitter the sample a little along the pile direction.
      let grain = 0.5;
      if (!back) {
        const gx = px / 1.3;
        const gx0 = Math.floor(gx);
        const gfx = gx - gx0;
        const gsx = gfx * gfx * (3 - 2 * gfx);
        const ga = grainTop[gx0]!;
        const gb = grainTop[gx0 + 1]!;
        const gc = grainBottom[gx0]!;
        const gd = grainBottom[gx0 + 1]!;
        grain = ga + (gb - ga) * gsx + (gc - ga) * gsy + (ga - gb - gc + gd) * gsx * gsy;
      }
      if (front) {
        kx += (grain - 0.5) * 0.55;
        ky += (hash2(px, py, seed + 33) - 0.5) * 0.35;
      }
      const i = py * ow + px;
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      const inX = kx >= 0 && kx < W;
      // Round and oval outlines use the exact ellipse, not the knot mask, so the edge is smooth.
      const inEllipse = elliptical && ((kx - cx) / cx) ** 2 + ((ky - cy) / cy) ** 2 <= 1;
      if (inX && ky >= 0 && ky < H && (!elliptical || inEllipse)) {
        const ki = (Math.floor(ky) * W + Math.floor(kx)) * 3;
        const kr = rgb[ki]!;
        if (!Number.isNaN(kr) || inEllipse) {
          a = 1;
          r = kr;
          g = rgb[ki + 1]!;
          b = rgb[ki + 2]!;
          const fx = kx - Math.floor(kx);
          const fy = ky - Math.floor(ky);
          let shade: number;
          if (back) {
            // Each knot shows as two small nodes on the back, rows separated by the weft.
            if (fy > 0.86) {
              r = r * 0.5 + 100;
              g = g * 0.5 + 95;
              b = b * 0.5 + 85;
              shade = 0.7;
            } else {
              const nx = ((fx * 2) % 1) - 0.5;
              const ny = fy / 0.86 - 0.5;
              shade = 1.06 - 0.75 * (nx * nx + ny * ny);
            }
          } else {
            shade = 1 - bump * ((fx - 0.5) ** 2 + (fy - 0.5) ** 2) * 2.5;
            // Fibre grain runs with the pile (down the length).
            shade *= 1 + (grain - 0.5) * (shag ? 0.3 : 0.14);
          }
          shade *= 1 + (hash2(px, py, seed + 32) - 0.5) * (shag ? 0.16 : 0.08);
          // Overcast sides (or the whole rim of a round rug) in dark wool.
          const rim = elliptical
            ? 1 - Math.sqrt(((kx - cx) / cx) ** 2 + ((ky - cy) / cy) ** 2)
            : Math.min(kx, W - kx) / Math.max(cx, 1);
          const rimKnots = rim * (elliptical ? Math.min(cx, cy) : cx);
          if (rimKnots < 0.85 || Number.isNaN(kr)) {
            [r, g, b] = o.edgeRgb;
            shade = 0.78 + 0.22 * Math.abs(Math.sin((ky * 2.2 + kx * 0.5) * Math.PI));
          }
          r *= shade;
          g *= shade;
          b *= shade;
        }
      } else if (inX && o.ends && !elliptical) {
        const beyond = ky < 0 ? -ky : ky - H;
        if (beyond < o.ends.kilim) {
          // Flat-woven end: fine weft lines, no pile.
          a = 1;
          const shade = 0.9 + 0.1 * Math.sin(ky * Math.PI * 5) + (hash2(px, py, seed + 41) - 0.5) * 0.06;
          [r, g, b] = o.ends.kilimRgb;
          r *= shade;
          g *= shade;
          b *= shade;
        } else {
          const d = beyond - o.ends.kilim;
          const t = d / o.ends.fringe;
          const end = ky < 0 ? 0 : 1;
          for (let s = Math.floor(kx) - 2; s <= Math.floor(kx) + 2; s++) {
            if (s < 0 || s >= W) continue;
            const len = 0.75 + 0.4 * hash2(s, end, seed + 51);
            if (t > len) continue;
            const sway = (hash2(s, end, seed + 52) - 0.5) * 3.2 * t ** 1.4 + Math.sin(d * 0.7 + s) * 0.12;
            const dist = Math.abs(kx - (s + 0.5 + sway));
            if (dist < 0.3) {
              a = 1;
              const shade =
                (0.72 + 0.34 * Math.cos((dist / 0.3) * (Math.PI / 2))) *
                (1 - 0.12 * t) *
                (0.94 + 0.1 * hash2(s, end, seed + 53));
              [r, g, b] = o.ends.fringeRgb;
              r *= shade;
              g *= shade;
              b *= shade;
              break;
            }
          }
        }
      }
      if (a) {
        // Light falls from the upper left (the pile's sheen is dyed into the knots already).
        const light = 1.05 - 0.09 * ((px / ow) * 0.6 + (py / oh) * 0.4);
        // Rounded as a Float32 first, as the earlier two-pass drawing did: the same pictures, byte for byte.
        out[i * 3] = Math.max(0, Math.min(255, Math.round(Math.fround(r * light))));
        out[i * 3 + 1] = Math.max(0, Math.min(255, Math.round(Math.fround(g * light))));
        out[i * 3 + 2] = Math.max(0, Math.min(255, Math.round(Math.fround(b * light))));
        alpha[i] = 255;
      }
    }
  }
}

/** The studio backdrop behind rows [from, to): a vertical gradient, a vignette, grain and the rug's shadow. */
function paintBackdropRows(
  o: ViewOptions,
  out: Buffer,
  alpha: Uint8Array,
  shadow: Buffer,
  dx: number,
  dy: number,
  from: number,
  to: number,
): void {
  const ow = o.out.width;
  const oh = o.out.height;
  const seed = o.seed;
  for (let py = from; py < to; py++) {
    const t = py / oh;
    for (let px = 0; px < ow; px++) {
      const i = py * ow + px;
      if (alpha[i]) continue;
      const sx = px - dx;
      const sy = py - dy;
      const sh = sx >= 0 && sy >= 0 ? shadow[sy * ow + sx]! / 255 : 0;
      const vignette = 1 - 0.06 * (((px / ow - 0.5) * 2) ** 2 + ((py / oh - 0.5) * 2) ** 2);
      const noise = (hash2(px, py, seed + 71) - 0.5) * 3;
      const k = vignette * (1 - 0.42 * sh);
      const r = (BACKDROP_TOP[0] + (BACKDROP_BOTTOM[0] - BACKDROP_TOP[0]) * t) * k + noise;
      const g = (BACKDROP_TOP[1] + (BACKDROP_BOTTOM[1] - BACKDROP_TOP[1]) * t) * k + noise;
      const b = (BACKDROP_TOP[2] + (BACKDROP_BOTTOM[2] - BACKDROP_TOP[2]) * t) * k + noise;
      out[i * 3] = Math.max(0, Math.min(255, Math.round(r)));
      out[i * 3 + 1] = Math.max(0, Math.min(255, Math.round(g)));
      out[i * 3 + 2] = Math.max(0, Math.min(255, Math.round(b)));
    }
  }
}

/**
 * Photographs the dyed knot grid: pile texture, wool grain, light fall-off, a slightly irregular
 * outline (hand-made rugs are never square), overcast sides, kilim ends and fringe, a soft shadow
 * on a studio backdrop. Returns a PNG.
 */
export async function renderView(o: ViewOptions): Promise<Buffer> {
  const ow = o.out.width;
  const oh = o.out.height;
  const ppk = ow / o.span;
  const shag = o.pile === 'shag';
  // The rug's pixels go straight into the output (the backdrop fills the rest once the shadow is known).
  const out = Buffer.alloc(ow * oh * 3);
  const alpha = new Uint8Array(ow * oh);
  const paint = rugPaint(o, out, alpha);
  for (let py = 0; py < oh; py += YIELD_EVERY_ROWS) {
    await yieldToEventLoop();
    paintRugRows(paint, py, Math.min(oh, py + YIELD_EVERY_ROWS));
  }
  // Soft contact shadow: the rug's silhouette, blurred and offset down-right.
  const blur = Math.max(3, Math.min(24, ppk * 1.6));
  const shadow = await sharp(Buffer.from(alpha.buffer), { raw: { width: ow, height: oh, channels: 1 } })
    .blur(blur)
    .extractChannel(0)
    .raw()
    .toBuffer();
  const dx = Math.round(blur * 0.35);
  const dy = Math.round(blur * 0.6);
  for (let py = 0; py < oh; py += YIELD_EVERY_ROWS) {
    await yieldToEventLoop();
    paintBackdropRows(o, out, alpha, shadow, dx, dy, py, Math.min(oh, py + YIELD_EVERY_ROWS));
  }
  // Pile is soft: a touch of blur hides the grid's pixel edges (more on long-pile rugs).
  const soften =
    o.mode === 'back' ? 0.6 : shag ? Math.max(1.2, ppk * 0.15) : Math.max(0.45, Math.min(2, ppk * 0.12));
  return (
    sharp(out, { raw: { width: ow, height: oh, channels: 3 } })
      .blur(soften)
      // Uncompressed: the picture is re-encoded at once (media pipeline), and compressing it cost ~15% of a render.
      .png({ compressionLevel: 0 })
      .toBuffer()
  );
}
