/**
 * Dye palettes of real rug families, assigned to roles the designs draw with. Colours are the
 * muted, natural-dye values seen in photographs, not screen primaries.
 */
export const ROLES = [
  'field', // ground of the central field
  'fieldAlt', // second ground: lattice cells, alternate guls, abrash partner
  'border', // ground of the main border
  'minor', // ground of minor borders
  'guard', // thin guard stripes
  'dark', // outlines, the darkest dye
  'light', // ivory/white wool
  'accent1',
  'accent2',
  'accent3',
  'medallion', // ground of medallions and spandrels
  'core', // centre of the medallion
  'end', // flat-woven end (kilim) band
] as const;
export type Role = (typeof ROLES)[number];
export const ROLE: Record<Role, number> = Object.fromEntries(ROLES.map((r, i) => [r, i])) as Record<
  Role,
  number
>;
/** Knot-grid value for "no rug here" (outside a round or oval rug). */
export const OUTSIDE = 255;

export type Palette = Record<Role, string>;

export const PALETTES = {
  heriz: {
    field: '#9c3a2b',
    fieldAlt: '#a8482f',
    border: '#1f2c48',
    minor: '#e6d9bd',
    guard: '#c79a4a',
    dark: '#1b2236',
    light: '#ece2cb',
    accent1: '#5f7d8c',
    accent2: '#c98a5a',
    accent3: '#6d7b4a',
    medallion: '#1f2c48',
    core: '#ece2cb',
    end: '#e9dfc8',
  },
  tabriz: {
    field: '#ece3cf',
    fieldAlt: '#e2d5b9',
    border: '#7e2a2a',
    minor: '#273556',
    guard: '#b98b4e',
    dark: '#26263a',
    light: '#f3ecdc',
    accent1: '#51708a',
    accent2: '#a24d3c',
    accent3: '#7f8a5a',
    medallion: '#7e2a2a',
    core: '#273556',
    end: '#efe7d6',
  },
  kashan: {
    field: '#7d2428',
    fieldAlt: '#8a2e2e',
    border: '#1c2547',
    minor: '#e3d3b3',
    guard: '#c2964f',
    dark: '#171b30',
    light: '#eadfc6',
    accent1: '#3f6f7a',
    accent2: '#d0a15c',
    accent3: '#8c4a5a',
    medallion: '#1c2547',
    core: '#eadfc6',
    end: '#ebe1cb',
  },
  kazak: {
    field: '#a2342a',
    fieldAlt: '#b3462f',
    border: '#e3d2a6',
    minor: '#243a5e',
    guard: '#d2a13f',
    dark: '#1e1e24',
    light: '#eee2c4',
    accent1: '#2f4f73',
    accent2: '#d2a13f',
    accent3: '#4f7a5a',
    medallion: '#2f4f73',
    core: '#d2a13f',
    end: '#e8dcc0',
  },
  shirvan: {
    field: '#26365c',
    fieldAlt: '#2e416a',
    border: '#eadcbc',
    minor: '#9a3530',
    guard: '#c9a04a',
    dark: '#191b26',
    light: '#efe5cc',
    accent1: '#a83a2f',
    accent2: '#d4aa52',
    accent3: '#5e8a6a',
    medallion: '#a83a2f',
    core: '#efe5cc',
    end: '#e6dac0',
  },
  turkmen: {
    field: '#6e1f22',
    fieldAlt: '#7a2527',
    border: '#5c1a1d',
    minor: '#4a1618',
    guard: '#3a1416',
    dark: '#1a1012',
    light: '#e4d7be',
    accent1: '#25324a',
    accent2: '#b0793f',
    accent3: '#8a3b30',
    medallion: '#1a1012',
    core: '#e4d7be',
    end: '#d9ccb0',
  },
  oushak: {
    field: '#d99a6c',
    fieldAlt: '#e0a77b',
    border: '#a9b79b',
    minor: '#efe4cc',
    guard: '#c4845c',
    dark: '#6b5a48',
    light: '#f1e7d2',
    accent1: '#8ea58f',
    accent2: '#c77a52',
    accent3: '#d9c08a',
    medallion: '#a9b79b',
    core: '#f1e7d2',
    end: '#efe5cf',
  },
  aubusson: {
    field: '#e9dcc3',
    fieldAlt: '#e2d2b4',
    border: '#8c9d88',
    minor: '#d7a59a',
    guard: '#b9996a',
    dark: '#5d5248',
    light: '#f4ecdc',
    accent1: '#c57c6e',
    accent2: '#7d9a86',
    accent3: '#d9b86f',
    medallion: '#d7a59a',
    core: '#f4ecdc',
    end: '#efe6d4',
  },
  'beni-ourain': {
    field: '#ece5d6',
    fieldAlt: '#e6ddcb',
    border: '#ece5d6',
    minor: '#ece5d6',
    guard: '#3b3733',
    dark: '#2f2c29',
    light: '#f3eee3',
    accent1: '#4a4540',
    accent2: '#8b8076',
    accent3: '#c9b9a3',
    medallion: '#2f2c29',
    core: '#ece5d6',
    end: '#efe9dc',
  },
  'art-deco': {
    field: '#233250',
    fieldAlt: '#2a3b5d',
    border: '#e8b29a',
    minor: '#233250',
    guard: '#d9967c',
    dark: '#18223a',
    light: '#f0e4d0',
    accent1: '#e8a592',
    accent2: '#8fb4b0',
    accent3: '#d8b36a',
    medallion: '#e8b29a',
    core: '#f0e4d0',
    end: '#efe5d3',
  },
  modern: {
    field: '#c9c2b3',
    fieldAlt: '#bfb7a6',
    border: '#3d4a4f',
    minor: '#c9c2b3',
    guard: '#3d4a4f',
    dark: '#2c3336',
    light: '#ebe6db',
    accent1: '#b46a45',
    accent2: '#5f7f86',
    accent3: '#d7b36e',
    medallion: '#3d4a4f',
    core: '#b46a45',
    end: '#e2dccf',
  },
  'modern-indigo': {
    field: '#2e3f5c',
    fieldAlt: '#364a6a',
    border: '#d9cdb5',
    minor: '#2e3f5c',
    guard: '#d9cdb5',
    dark: '#1d2638',
    light: '#e9e1cf',
    accent1: '#6f8fb0',
    accent2: '#c9a36b',
    accent3: '#9a5b4a',
    medallion: '#6f8fb0',
    core: '#e9e1cf',
    end: '#e4dccb',
  },
} satisfies Record<string, Palette>;
export type PaletteName = keyof typeof PALETTES;
export const PALETTE_NAMES = Object.keys(PALETTES) as PaletteName[];

export function hexToRgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}
