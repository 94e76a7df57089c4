import type { Rng } from '../prng.ts';
import type { KnotGrid } from '../knot-grid.ts';
import { guard, paintBorders, type Band } from '../borders.ts';
import { fieldBox, medallion, paintField, stamp } from '../field.ts';
import { palmette, rosette, vine } from '../motifs.ts';

/**
 * Oushak and European (Aubusson-like) carpets: large-scale, airy drawing in soft tones, an open
 * medallion or a wreath, oversized palmettes, and a wide border of big palmettes.
 */
export function oushakLargeScale(grid: KnotGrid, rng: Rng): void {
  const short = Math.min(grid.width, grid.height);
  const main = Math.max(8, Math.round(short * rng.range(0.11, 0.14)));
  const bands: Band[] = [
    guard('guard', 1),
    {
      width: Math.max(3, Math.round(main * 0.3)),
      ground: 'minor',
      motif: vine,
      slots: ['accent1', 'accent2', 'guard', 'field'],
      period: main,
    },
    guard('guard', 1),
    {
      width: main,
      ground: 'border',
      motif: rng.pick([palmette, rosette]),
      slots: ['accent2', 'light', 'guard', 'accent3'],
      period: main * 1.9,
    },
    guard('guard', 1),
  ];
  const border = paintBorders(grid, bands);
  const box = fieldBox(grid, border);
  const wreath = rng.chance(0.4);
  if (wreath) {
    // A ring of flowers around an open centre.
    const r = box.hw * 0.55;
    const n = 14;
    for (let i = 0; i < n; i++) {
      const a = (i / n) * Math.PI * 2;
      stamp(
        grid,
        i % 2 ? rosette : palmette,
        box.cx + Math.cos(a) * r,
        box.cy + Math.sin(a) * r * 1.15,
        r * 0.34,
        r * 0.34,
        ['accent2', 'light', 'accent1', 'accent3'],
        border,
      );
    }
  } else {
    medallion(
      grid,
      box,
      box.hw * rng.range(0.5, 0.7),
      box.hh * rng.range(0.3, 0.42),
      false,
      {
        outline: 'accent1',
        ground: 'medallion',
        inner: 'light',
        core: 'accent2',
        detail: 'accent3',
      },
      rng.pick([8, 10, 12]),
    );
  }
  // Oversized palmettes and leaves floating on the field, mirrored in four.
  const big = short * rng.range(0.16, 0.22);
  for (const [fx, fy] of [
    [0.72, 0.2],
    [0.35, 0.78],
    [0.8, 0.62],
  ] as const) {
    for (const [sx, sy] of [
      [1, 1],
      [-1, 1],
      [1, -1],
      [-1, -1],
    ] as const) {
      stamp(
        grid,
        rng.chance(0.5) ? palmette : rosette,
        box.cx + sx * fx * box.hw,
        box.cy + sy * fy * box.hh,
        big,
        big,
        ['accent1', 'light', 'guard', 'accent2'],
        border,
      );
    }
  }
  // Sparse tendrils link the motifs.
  paintField(grid, border, (x, y) => {
    const qx = Math.abs(x - box.cx) / box.hw;
    const qy = Math.abs(y - box.cy) / box.hh;
    return Math.abs(Math.sin(qx * 7 + Math.cos(qy * 5) * 1.6)) < 0.05 && grid.get(x, y) === 0
      ? 'fieldAlt'
      : undefined;
  });
}
