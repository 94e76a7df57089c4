import type { Rng } from '../prng.ts';
import type { KnotGrid } from '../knot-grid.ts';
import { guard, paintBorders, type Band } from '../borders.ts';
import { fieldBox, paintField, stamp } from '../field.ts';
import { ashik, smallDiamond } from '../motifs.ts';

/**
 * Turkmen (Tekke, Salor) main carpets: rows and columns of octagonal guls, each quartered in
 * alternating colours, minor guls between them, narrow borders of small repeats and a wider
 * "elem" panel at both ends.
 */
export function turkmenGuls(grid: KnotGrid, rng: Rng): void {
  const short = Math.min(grid.width, grid.height);
  const main = Math.max(5, Math.round(short * 0.075));
  const bands: Band[] = [
    guard('dark'),
    {
      width: main,
      ground: 'border',
      motif: ashik,
      slots: ['accent1', 'light', 'dark', 'accent2'],
      period: main * 1.2,
    },
    guard('dark'),
    {
      width: Math.max(2, Math.round(main * 0.45)),
      ground: 'minor',
      motif: smallDiamond,
      slots: ['light', 'accent2', 'dark', 'dark'],
      period: main * 0.7,
    },
    guard('dark'),
  ];
  const border = paintBorders(grid, bands);
  const box = fieldBox(grid, border);
  const vertical = box.hh >= box.hw;
  const elem = Math.round(short * rng.range(0.07, 0.1));
  // Elem: flat panels of small diamonds at both ends of the length.
  paintField(grid, border, (x, y) => {
    const fromEnd = vertical ? Math.min(y - box.y0, box.y1 - 1 - y) : Math.min(x - box.x0, box.x1 - 1 - x);
    if (fromEnd >= elem) return undefined;
    if (fromEnd === elem - 1) return 'dark';
    const a = vertical ? x : y;
    const b = fromEnd;
    const d = Math.abs((((a % 8) + 8) % 8) - 4) + Math.abs((b % 8) - 4);
    return d < 2 ? 'light' : d < 3 ? 'dark' : 'minor';
  });
  const inner = {
    x0: vertical ? box.x0 : box.x0 + elem,
    x1: vertical ? box.x1 : box.x1 - elem,
    y0: vertical ? box.y0 + elem : box.y0,
    y1: vertical ? box.y1 - elem : box.y1,
  };
  const cols = vertical ? rng.int(3, 4) : 0;
  const gw =
    (inner.x1 - inner.x0) /
    (cols || Math.max(2, Math.round((inner.x1 - inner.x0) / ((inner.y1 - inner.y0) / 3))));
  const ncols = Math.round((inner.x1 - inner.x0) / gw);
  const gh = gw * rng.range(0.72, 0.85);
  const nrows = Math.max(2, Math.floor((inner.y1 - inner.y0) / gh));
  const rowH = (inner.y1 - inner.y0) / nrows;
  // Lattice lines joining the guls, as on Tekke carpets.
  paintField(grid, border, (x, y) => {
    if (y < inner.y0 || y >= inner.y1 || x < inner.x0 || x >= inner.x1) return undefined;
    const cx = ((x - inner.x0) % gw) - gw / 2;
    const cy = ((y - inner.y0) % rowH) - rowH / 2;
    return Math.abs(cx) < 0.6 || Math.abs(cy) < 0.6 ? 'accent3' : undefined;
  });
  for (let r = 0; r < nrows; r++) {
    for (let c = 0; c < ncols; c++) {
      const gx = inner.x0 + (c + 0.5) * gw;
      const gy = inner.y0 + (r + 0.5) * rowH;
      const rx = gw * 0.42;
      const ry = rowH * 0.4;
      paintField(grid, border, (x, y) => {
        const dx = x + 0.5 - gx;
        const dy = y + 0.5 - gy;
        const ax = Math.abs(dx) / rx;
        const ay = Math.abs(dy) / ry;
        const oct = Math.max(ax, ay, (ax + ay) / 1.42);
        if (oct > 1) return undefined;
        if (oct > 0.88) return 'dark';
        if (oct > 0.8) return 'light';
        if (oct > 0.72) return 'dark';
        // Quartered: opposite quarters share a colour.
        const q = dx < 0 === dy < 0;
        if (oct < 0.32) return oct > 0.24 ? 'dark' : 'light';
        const spoke = Math.abs(Math.abs(dx) / rx - Math.abs(dy) / ry) < 0.07;
        if (spoke) return 'dark';
        return q ? 'accent1' : 'fieldAlt';
      });
      stamp(grid, smallDiamond, gx, gy, rx * 0.5, ry * 0.5, ['accent2', 'light', 'dark'], border);
      // Minor gul between the main ones.
      if (r < nrows - 1 && c < ncols) {
        stamp(
          grid,
          ashik,
          gx,
          gy + rowH / 2,
          gw * 0.3,
          rowH * 0.3,
          ['accent2', 'light', 'dark', 'accent1'],
          border,
        );
      }
    }
  }
}
