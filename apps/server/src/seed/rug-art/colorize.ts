import { OUTSIDE, ROLES, hexToRgb, type Palette } from './palettes.ts';
import { hash2, valueNoise } from './prng.ts';
import type { KnotGrid } from './knot-grid.ts';

export interface KnotColours {
  width: number;
  height: number;
  /** RGB per knot, 0-255 floats; NaN red channel marks "outside the rug". */
  rgb: Float32Array;
}

/**
 * Dyes the knot grid. Every knot varies a little (hand-spun wool takes dye unevenly); abrash adds
 * horizontal bands where the weaver started a new dye lot; age fades and wears the pile.
 */
export function colorize(
  grid: KnotGrid,
  palette: Palette,
  seed: number,
  options: { abrash: number; age: number },
): KnotColours {
  const colours = ROLES.map((r) => hexToRgb(palette[r]));
  const { width, height } = grid;
  const rgb = new Float32Array(width * height * 3);
  // Abrash per role: a slow random walk across rows with occasional sharp steps.
  const bands = ROLES.map((_, role) => {
    const f = new Float32Array(height);
    for (let y = 0; y < height; y++) {
      const slow = valueNoise(y / 23, role * 7.3, seed) - 0.5;
      const step = valueNoise(Math.floor(y / 17) * 3.1, role * 3.7, seed + 11) > 0.72 ? -0.6 : 0;
      f[y] = 1 + options.abrash * (slow * 1.4 + step);
    }
    return f;
  });
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const role = grid.cells[i]!;
      if (role === OUTSIDE) {
        rgb[i * 3] = Number.NaN;
        continue;
      }
      const [r, g, b] = colours[role]!;
      // Per-knot variation times a broad sheen where the pile catches the light.
      const sheen = 1 + (valueNoise(x / 45, y / 45, seed + 61) - 0.5) * 0.08;
      const k = bands[role]![y]! * sheen * (1 + (hash2(x, y, seed) - 0.5) * 0.07);
      const tint = (hash2(x, y, seed + 1) - 0.5) * 6;
      let cr = r * k + tint;
      let cg = g * k;
      let cb = b * k - tint;
      if (options.age > 0) {
        // Fading: pull towards the colour's own grey; wear: low spots show the lighter foundation.
        const grey = (cr + cg + cb) / 3;
        const fade = options.age * 0.35;
        cr += (grey - cr) * fade;
        cg += (grey - cg) * fade;
        cb += (grey - cb) * fade;
        const wear = valueNoise(x / 11, y / 11, seed + 5) * 0.7 + valueNoise(x / 3, y / 3, seed + 6) * 0.3;
        if (wear > 1 - options.age * 0.32) {
          const w = Math.min(1, (wear - (1 - options.age * 0.32)) * 6) * 0.45;
          cr += (214 - cr) * w;
          cg += (200 - cg) * w;
          cb += (178 - cb) * w;
        }
      }
      rgb[i * 3] = cr;
      rgb[i * 3 + 1] = cg;
      rgb[i * 3 + 2] = cb;
    }
  }
  return { width, height, rgb };
}
