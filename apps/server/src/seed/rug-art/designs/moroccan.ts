import type { Rng } from '../prng.ts';
import { valueNoise } from '../prng.ts';
import type { KnotGrid } from '../knot-grid.ts';
import { paintField } from '../field.ts';

/**
 * Beni Ourain / Azilal: an undyed ivory field crossed by a hand-drawn lattice of charcoal lozenges,
 * lines wandering a knot or two, sometimes with an X or a dot in the cells; no formal border.
 */
export function moroccanLattice(grid: KnotGrid, rng: Rng): void {
  const seed = rng.int(1, 1e9);
  const cellW = grid.width / rng.int(3, 5);
  const cellH = cellW * rng.range(1.2, 1.9);
  const thick = rng.range(0.8, 1.5);
  const marks = rng.pick(['none', 'x', 'dot', 'double'] as const);
  const ox = grid.width / 2;
  const oy = grid.height / 2;
  paintField(grid, 0, (x, y) => {
    // Wobble makes each line hand-knotted, not ruled.
    const wx = (valueNoise(x / 9, y / 9, seed) - 0.5) * 2.4;
    const u = (x + wx - ox) / cellW;
    const v = (y - oy) / cellH;
    const a = u + v;
    const b = u - v;
    const da = Math.abs(a - Math.round(a)) * cellW;
    const db = Math.abs(b - Math.round(b)) * cellW;
    const line = Math.min(da, db);
    if (line < thick) return 'dark';
    if (marks === 'double' && line > thick + 1 && line < thick * 2 + 1) return 'accent1';
    // Distance to the cell centre (lozenge centres sit at half-integers of a and b).
    const ca = Math.abs(a - Math.floor(a) - 0.5) * cellW;
    const cb = Math.abs(b - Math.floor(b) - 0.5) * cellW;
    if (marks === 'x' && Math.abs(ca - cb) < 0.9 && ca < cellW * 0.12) return 'dark';
    if (marks === 'dot' && ca < 1.4 && cb < 1.4) return 'dark';
    return undefined;
  });
  // A few rows of plain ends, as on the originals.
  paintField(grid, 0, (x, y) => (y < 2 || y >= grid.height - 2 ? 'fieldAlt' : undefined));
}
