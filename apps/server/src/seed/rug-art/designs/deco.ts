import type { Rng } from '../prng.ts';
import type { KnotGrid } from '../knot-grid.ts';
import { guard, paintBorders } from '../borders.ts';
import { fieldBox, paintField, stamp } from '../field.ts';
import { fret, rosette } from '../motifs.ts';

/**
 * Chinese Art Deco (Nichols, 1920s-30s): a plain dark field with asymmetric sprays of blossoms
 * growing from two opposite corners, a plain contrasting border, sometimes a fret.
 */
export function chineseDeco(grid: KnotGrid, rng: Rng): void {
  const short = Math.min(grid.width, grid.height);
  const bw = Math.max(5, Math.round(short * rng.range(0.07, 0.1)));
  const border = paintBorders(grid, [
    rng.chance(0.5)
      ? { width: bw, ground: 'border', motif: fret, slots: ['guard', 'guard', 'guard', 'guard'], period: bw }
      : guard('border', bw),
    guard('guard', 1),
  ]);
  const box = fieldBox(grid, border);
  const sprays = [
    { x: box.x0, y: box.y1, dir: -1 },
    { x: box.x1, y: box.y0, dir: 1 },
  ];
  for (const s of sprays) {
    // Branches: arcs reaching into the field.
    const branches = Array.from({ length: rng.int(2, 4) }, () => ({
      len: rng.range(0.35, 0.6) * short,
      bend: rng.range(-0.8, 0.8),
      angle: rng.range(0.15, 1.35),
    }));
    for (const b of branches) {
      const pts: Array<[number, number]> = [];
      for (let t = 0; t <= 1; t += 0.01) {
        const a = b.angle + b.bend * t;
        const r = b.len * t;
        pts.push([
          s.x + Math.cos(a) * r * (s.dir < 0 ? 1 : -1),
          s.y + Math.sin(a) * r * (s.dir < 0 ? -1 : 1),
        ]);
      }
      paintField(grid, border, (x, y) =>
        pts.some(([px, py]) => Math.abs(px - x) < 0.8 && Math.abs(py - y) < 0.8) ? 'accent3' : undefined,
      );
      for (let i = 30; i < pts.length; i += rng.int(10, 22)) {
        const [px, py] = pts[i]!;
        const size = rng.range(0.07, 0.12) * short;
        stamp(
          grid,
          rosette,
          px,
          py,
          size,
          size,
          [rng.pick(['accent1', 'light', 'medallion'] as const), 'accent3', 'dark', 'light'],
          border,
        );
        stamp(
          grid,
          rosette,
          px + size * 0.6,
          py - size * 0.3,
          size * 0.35,
          size * 0.5,
          ['accent2', 'accent2', 'accent2', 'accent2'],
          border,
        );
      }
    }
  }
  // One small floating blossom off centre, a typical Deco touch.
  stamp(
    grid,
    rosette,
    box.cx + box.hw * 0.3,
    box.cy - box.hh * 0.15,
    short * 0.08,
    short * 0.08,
    ['light', 'accent1', 'dark', 'accent3'],
    border,
  );
}
