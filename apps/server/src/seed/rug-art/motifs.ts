/**
 * Repeating motifs of borders and fields. A motif answers, for a knot at (dx, dy) from the centre
 * of its cell (cell `w` x `h` knots), 0 for ground or a colour slot 1-4 that the caller maps to
 * palette roles. Stepped tiles (pixel art scaled to the cell) give the geometric tribal motifs;
 * procedural ones give the curvilinear city-workshop motifs.
 */
export type Motif = (dx: number, dy: number, w: number, h: number) => number;

/** Scales an ASCII tile to the cell: '.' ground, '1'-'4' slots. */
function tile(rows: string[]): Motif {
  const th = rows.length;
  const tw = rows[0]!.length;
  return (dx, dy, w, h) => {
    const tx = Math.floor(((dx + w / 2) / w) * tw);
    const ty = Math.floor(((dy + h / 2) / h) * th);
    const ch = rows[Math.min(th - 1, Math.max(0, ty))]![Math.min(tw - 1, Math.max(0, tx))];
    return ch === '.' || ch === undefined ? 0 : Number(ch);
  };
}

export const latchHookDiamond = tile([
  '.....3.....',
  '....313..3.',
  '..3.3113.3.',
  '.33311113..',
  '...3122213.',
  '..31224221.',
  '...3122213.',
  '.33311113..',
  '..3.3113.3.',
  '....313..3.',
  '.....3.....',
]);

export const eightPointStar = tile([
  '....3.3....',
  '....313....',
  '3..31113..3',
  '.331222133.',
  '..3124213..',
  '.312444213.',
  '..3124213..',
  '.331222133.',
  '3..31113..3',
  '....313....',
  '....3.3....',
]);

export const smallDiamond = tile([
  '...1...',
  '..121..',
  '.12321.',
  '1233321',
  '.12321.',
  '..121..',
  '...1...',
]);

export const sCurl = tile(['.33333.', '3.....3', '3......', '.33333.', '......3', '3.....3', '.33333.']);

export const ramsHorn = tile([
  '3.......3',
  '33.....33',
  '.3.....3.',
  '.33...33.',
  '..3.1.3..',
  '...313...',
  '...313...',
  '..31113..',
  '....3....',
]);

/** Turkmen "ashik": a serrated diamond. */
export const ashik = tile([
  '....3....',
  '...313...',
  '..31213..',
  '.3121213.',
  '312141213',
  '.3121213.',
  '..31213..',
  '...313...',
  '....3....',
]);

/** Chinese fret (key) in one repeat. */
export const fret = tile([
  '33333333',
  '3......3',
  '3.3333.3',
  '3.3..3.3',
  '3.3..333',
  '3.3.....',
  '3.333333',
  '3.......',
]);

/** Alternating coloured teeth, the Caucasian "reciprocal" border. */
export const reciprocalTeeth: Motif = (dx, dy, w, h) => {
  const s = (dx + w / 2) / w;
  const t = (dy + h / 2) / h;
  const tooth = 1 - Math.abs(s - 0.5) * 2;
  return t < tooth * 0.8 + 0.1 ? 1 : 2;
};

/** Diagonal "barber pole" stripes in two colours. */
export const barberPole: Motif = (dx, dy, w) => {
  const k = Math.max(2, Math.round(w / 2));
  return Math.floor((dx + dy + 1000 * k) / k) % 2 === 0 ? 1 : 2;
};

export const pearls: Motif = (dx, dy, w, h) => {
  const r = Math.min(w, h) * 0.32;
  if (dx * dx + dy * dy <= r * r) return dx * dx + dy * dy <= (r * 0.45) ** 2 ? 2 : 1;
  return 0;
};

export const rosette: Motif = (dx, dy, w, h) => {
  const R = Math.min(w, h) * 0.46;
  const r = Math.hypot(dx, dy);
  const a = Math.atan2(dy, dx);
  const petal = R * (0.72 + 0.28 * Math.abs(Math.cos(4 * a)));
  if (r < R * 0.22) return 4;
  if (r < R * 0.42) return 2;
  if (r < petal - 1) return 1;
  if (r < petal) return 3;
  return 0;
};

/** Paisley: a round body with a tail curling to one side, an inner echo and a dot. */
export const boteh: Motif = (dx, dy, w, h) => {
  const s = Math.min(w, h * 0.8);
  const x = dx / s;
  const y = dy / (h * 0.95);
  const inShape = (k: number) => {
    const body = (x + 0.04) ** 2 + (y - 0.16) ** 2 < (0.3 * k) ** 2;
    if (body) return true;
    if (y > 0.16 || y < -0.46) return false;
    const along = (0.16 - y) / 0.62; // 0 at body, 1 at tip
    const centre = -0.04 + 0.28 * along * along;
    const half = 0.3 * k * (1 - along) ** 1.2;
    return Math.abs(x - centre) < half;
  };
  if (!inShape(1)) return 0;
  if (!inShape(0.8)) return 3;
  if ((x + 0.04) ** 2 + (y - 0.2) ** 2 < 0.07 ** 2) return 4;
  return inShape(0.5) ? 2 : 1;
};

/** A fan palmette pointing outwards with ribs. */
export const palmette: Motif = (dx, dy, w, h) => {
  const x = dx / (w * 0.48);
  const y = (dy + h * 0.3) / (h * 0.75);
  const r = Math.hypot(x, y);
  if (y < 0 || r > 1) return 0;
  const a = Math.atan2(x, y);
  const lobes = 0.88 + 0.12 * Math.cos(7 * a);
  if (r > lobes) return 0;
  if (r > lobes - 0.12) return 3;
  if (r < 0.28) return 4;
  return Math.abs(Math.sin(7 * a)) < 0.25 ? 2 : 1;
};

/** A wavy vine with leaves alternating above and below. */
export const vine: Motif = (dx, dy, w, h) => {
  const s = (dx + w / 2) / w;
  const line = Math.sin(s * Math.PI * 2) * h * 0.25;
  if (Math.abs(dy - line) < Math.max(0.6, h * 0.06)) return 3;
  const lx = dx;
  const leafY = (s < 0.5 ? -1 : 1) * h * 0.22;
  const cx = (s < 0.5 ? -0.25 : 0.25) * w;
  const e = ((lx - cx) / (w * 0.16)) ** 2 + ((dy - leafY) / (h * 0.16)) ** 2;
  if (e < 1) return e < 0.3 ? 2 : 1;
  return 0;
};

/** Two-colour hooked zigzag ("running dog"). */
export const runningDog: Motif = (dx, dy, w, h) => {
  const s = (dx + w / 2) / w;
  const t = (dy + h / 2) / h;
  const diag = Math.abs(t - (0.15 + s * 0.7));
  const hook = s > 0.62 && s < 0.85 && t > 0.62 && t < 0.85 && !(s > 0.68 && t < 0.78);
  if (diag < 0.14 || hook) return 1;
  return 0;
};

export const BORDER_MOTIFS = {
  latchHookDiamond,
  eightPointStar,
  smallDiamond,
  sCurl,
  ramsHorn,
  ashik,
  fret,
  reciprocalTeeth,
  barberPole,
  pearls,
  rosette,
  boteh,
  palmette,
  vine,
  runningDog,
};
export type BorderMotifName = keyof typeof BORDER_MOTIFS;
