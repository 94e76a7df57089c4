import type { RugShape, RugStyle } from '@knotwork/shared/constants/catalogue';
import { colorize } from './colorize.ts';
import { caucasianGeometric } from './designs/caucasian.ts';
import { chineseDeco } from './designs/deco.ts';
import { modernAbstract } from './designs/modern.ts';
import { moroccanLattice } from './designs/moroccan.ts';
import { oushakLargeScale } from './designs/oushak.ts';
import { persianMedallion } from './designs/persian.ts';
import { turkmenGuls } from './designs/turkmen.ts';
import { KnotGrid } from './knot-grid.ts';
import { hexToRgb, PALETTES, type PaletteName } from './palettes.ts';
import { renderView, type Pile, type ViewOptions } from './photo.ts';
import { createRng, hashString, type Rng } from './prng.ts';

export { PALETTE_NAMES, type PaletteName } from './palettes.ts';

export interface RugArtOptions {
  /** Same seed, same pictures. A rug's id or slug makes a good seed. */
  seed: number | string;
  style: RugStyle;
  /** Colourway; by default one typical of the style, chosen by the seed. */
  palette?: PaletteName;
  widthCm: number;
  lengthCm: number;
  shape: RugShape;
  /** Which views to render, in this order; default all four. Each looks the same whichever others are asked for. */
  views?: readonly RugView[];
  /** Long side of the whole-rug view in pixels (default 1500); the other views scale alike. Smaller is faster. */
  longSide?: number;
  /** The other views (detail, corner, back) sized as if the whole-rug view were this long (default: longSide). */
  viewsLongSide?: number;
}

export const RUG_VIEWS = ['main', 'detail', 'corner', 'back'] as const;
export type RugView = (typeof RUG_VIEWS)[number];

type Design = (grid: KnotGrid, rng: Rng) => void;

/** Design family, typical palettes, pile and how much abrash/age each style shows. */
const STYLES: Record<
  RugStyle,
  { design: Design; palettes: PaletteName[]; pile: Pile; abrash: number; age: [number, number] }
> = {
  persian: {
    design: persianMedallion,
    palettes: ['heriz', 'tabriz', 'kashan'],
    pile: 'short',
    abrash: 0.07,
    age: [0, 0.7],
  },
  indian: {
    design: persianMedallion,
    palettes: ['kashan', 'tabriz', 'oushak'],
    pile: 'short',
    abrash: 0.04,
    age: [0, 0.4],
  },
  turkish: {
    design: oushakLargeScale,
    palettes: ['oushak', 'oushak', 'aubusson'],
    pile: 'medium',
    abrash: 0.06,
    age: [0.2, 0.8],
  },
  european: {
    design: oushakLargeScale,
    palettes: ['aubusson'],
    pile: 'short',
    abrash: 0.03,
    age: [0.1, 0.6],
  },
  caucasian: {
    design: caucasianGeometric,
    palettes: ['kazak', 'shirvan'],
    pile: 'medium',
    abrash: 0.1,
    age: [0.1, 0.8],
  },
  centralAsian: { design: turkmenGuls, palettes: ['turkmen'], pile: 'short', abrash: 0.06, age: [0.1, 0.7] },
  moroccan: { design: moroccanLattice, palettes: ['beni-ourain'], pile: 'shag', abrash: 0.03, age: [0, 0.3] },
  chinese: { design: chineseDeco, palettes: ['art-deco'], pile: 'medium', abrash: 0.04, age: [0.1, 0.5] },
  modern: {
    design: modernAbstract,
    palettes: ['modern', 'modern-indigo'],
    pile: 'medium',
    abrash: 0.02,
    age: [0, 0.2],
  },
};

/** Knots along the longest side: enough for detail, bounded for render time. */
const MAX_KNOTS = 320;
const MAIN_SIZE = { width: 1200, height: 1500 };
const VIEW_SIZE = { width: 1200, height: 1200 };

/** The design alone, as a knot grid of palette roles (no pixels): cheap, and what tests inspect. */
export function designRug(options: RugArtOptions) {
  const seedNumber = typeof options.seed === 'string' ? hashString(options.seed) : options.seed >>> 0;
  const rng = createRng(seedNumber);
  const style = STYLES[options.style];
  const paletteName = options.palette ?? rng.fork('palette').pick(style.palettes);
  const round = options.shape === 'round';
  const widthCm = Math.max(30, options.widthCm);
  const lengthCm = round ? widthCm : Math.max(30, options.lengthCm);
  const perCm = Math.min(2.2, MAX_KNOTS / Math.max(widthCm, lengthCm));
  const grid = new KnotGrid(
    Math.max(24, Math.round(widthCm * perCm)),
    Math.max(24, Math.round(lengthCm * perCm)),
    options.shape,
  );
  grid.cutOutline();
  style.design(grid, rng.fork('design'));
  // Designs paint by geometry; cut again so nothing lies outside a round or oval outline.
  grid.cutOutline();
  return { grid, seedNumber, rng, style, paletteName, palette: PALETTES[paletteName], perCm };
}

/**
 * Renders photographs of a generated rug: the whole rug laid flat (first), then a detail of the
 * field, a corner with the fringe, and the knots on the back. PNG buffers, deterministic per seed.
 */
export async function renderRugArt(options: RugArtOptions): Promise<Buffer[]> {
  const { grid, seedNumber, rng, style, palette, perCm } = designRug(options);
  const { width: W, height: H } = grid;
  const scale = (options.longSide ?? MAIN_SIZE.height) / MAIN_SIZE.height;
  const viewScale = (options.viewsLongSide ?? options.longSide ?? MAIN_SIZE.height) / MAIN_SIZE.height;
  const MAIN = { width: Math.round(MAIN_SIZE.width * scale), height: Math.round(MAIN_SIZE.height * scale) };
  const VIEW = {
    width: Math.round(VIEW_SIZE.width * viewScale),
    height: Math.round(VIEW_SIZE.height * viewScale),
  };

  const looks = rng.fork('looks');
  const age = looks.range(style.age[0], style.age[1]);
  const knots = colorize(grid, palette, seedNumber, { abrash: style.abrash * looks.range(0.6, 1.4), age });
  const elliptical = options.shape === 'round' || options.shape === 'oval';
  const ends = elliptical
    ? null
    : {
        kilim: Math.max(1.5, 2.5 * perCm * looks.range(0.6, 1.4)),
        fringe: Math.max(5, 7 * perCm * looks.range(0.8, 1.3)),
        kilimRgb: hexToRgb(palette.end),
        fringeRgb: [232, 224, 205] as const,
      };
  const endLength = ends ? ends.kilim + ends.fringe : 0;
  const base = {
    knots,
    shape: options.shape,
    pile: style.pile,
    ends,
    edgeRgb: hexToRgb(palette.dark),
    seed: seedNumber,
  } as const;

  // Whole rug, fitted with a margin; length runs down the picture as a buyer would see it on the floor.
  const span = Math.max(W / 0.84, ((H + 2 * endLength) / 0.9) * (MAIN.width / MAIN.height));
  const main: ViewOptions = {
    ...base,
    centre: { x: W / 2, y: H / 2 },
    span,
    out: MAIN,
    mode: 'front',
    rotation: looks.range(-0.9, 0.9),
  };

  const detailSpan = Math.max(36, Math.min(W, H) * 0.42);
  const detail: ViewOptions = {
    ...base,
    centre: { x: W / 2 + looks.range(-0.15, 0.15) * W, y: H / 2 - looks.range(0.05, 0.25) * H },
    span: detailSpan,
    out: VIEW,
    mode: 'front',
    rotation: looks.range(-2, 2),
  };

  // A lower corner with its kilim end and fringe (the bottom of a round/oval rug).
  const cornerSpan = Math.max(34, Math.min(W, H) * 0.36);
  const corner: ViewOptions = {
    ...base,
    centre: elliptical
      ? { x: W / 2 - cornerSpan * 0.3, y: H - cornerSpan * 0.32 }
      : { x: cornerSpan * 0.36, y: H + endLength - cornerSpan * 0.4 },
    span: cornerSpan,
    out: VIEW,
    mode: 'front',
    rotation: looks.range(-3, 3),
  };

  const back: ViewOptions = {
    ...base,
    centre: { x: W * looks.range(0.3, 0.7), y: H * looks.range(0.3, 0.7) },
    span: Math.min(60, Math.min(W, H) * 0.5),
    out: VIEW,
    mode: 'back',
    rotation: looks.range(-1, 1),
  };
  // Every view's random choices are drawn above whether or not it is rendered, so a view looks the same however
  // many are asked for. One at a time: each yields to the event loop as it goes (photo.ts).
  const pictures: Buffer[] = [];
  const byName: Record<RugView, ViewOptions> = { main, detail, corner, back };
  for (const view of options.views ?? RUG_VIEWS) pictures.push(await renderView(byName[view]));
  return pictures;
}
