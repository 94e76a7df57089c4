import type { Rng } from '../prng.ts';
import { valueNoise } from '../prng.ts';
import type { KnotGrid } from '../knot-grid.ts';
import { paintBorders, guard } from '../borders.ts';
import { paintField } from '../field.ts';
import type { Role } from '../palettes.ts';

/** Contemporary designs: colour fields, drawn stripes, big arcs, or an overdyed "erased" vintage look. */
export function modernAbstract(grid: KnotGrid, rng: Rng): void {
  const seed = rng.int(1, 1e9);
  const kind = rng.pick(['blocks', 'stripes', 'arcs', 'erased'] as const);
  const border = rng.chance(0.4)
    ? paintBorders(grid, [guard('guard', Math.max(2, Math.round(grid.width * 0.02)))])
    : 0;
  const colours: Role[] = ['fieldAlt', 'accent1', 'accent2', 'accent3', 'dark', 'light'];
  if (kind === 'blocks') {
    const blocks = Array.from({ length: rng.int(3, 6) }, () => ({
      x: rng.range(-0.1, 0.8) * grid.width,
      y: rng.range(-0.1, 0.8) * grid.height,
      w: rng.range(0.2, 0.6) * grid.width,
      h: rng.range(0.1, 0.4) * grid.height,
      role: rng.pick(colours),
    }));
    paintField(grid, border, (x, y) => {
      const edge = (valueNoise(x / 6, y / 6, seed) - 0.5) * 4;
      for (let i = blocks.length - 1; i >= 0; i--) {
        const b = blocks[i]!;
        if (x + edge > b.x && x - edge < b.x + b.w && y + edge > b.y && y < b.y + b.h) return b.role;
      }
      return undefined;
    });
  } else if (kind === 'stripes') {
    const bandsAcross: Array<{ end: number; role: Role | undefined }> = [];
    let y = 0;
    while (y < grid.height) {
      y += rng.range(0.02, 0.14) * grid.height;
      bandsAcross.push({ end: y, role: rng.chance(0.4) ? undefined : rng.pick(colours) });
    }
    paintField(grid, border, (x, yy) => {
      const wobble = (valueNoise(x / 14, yy / 30, seed) - 0.5) * 5;
      return bandsAcross.find((b) => yy + wobble < b.end)?.role;
    });
  } else if (kind === 'arcs') {
    const circles = Array.from({ length: rng.int(2, 4) }, () => ({
      x: rng.range(0, 1) * grid.width,
      y: rng.range(0, 1) * grid.height,
      r: rng.range(0.25, 0.7) * grid.width,
      w: rng.range(1.5, 6),
      role: rng.pick(colours),
      solid: rng.chance(0.4),
    }));
    paintField(grid, border, (x, y) => {
      for (const c of circles) {
        const d = Math.hypot(x - c.x, y - c.y);
        if (c.solid ? d < c.r : Math.abs(d - c.r) < c.w) return c.role;
      }
      return undefined;
    });
  } else {
    // Overdyed vintage: a ghost of a medallion rug, mostly worn back to the ground colour.
    paintField(grid, border, (x, y) => {
      const n = valueNoise(x / 10, y / 10, seed) * 0.6 + valueNoise(x / 3, y / 3, seed + 1) * 0.4;
      const dx = Math.abs(x - grid.width / 2) / grid.width;
      const dy = Math.abs(y - grid.height / 2) / grid.height;
      const ghost = dx + dy < 0.3 || dx > 0.38 || dy > 0.42;
      if (ghost && n > 0.52) return 'fieldAlt';
      if (n > 0.72) return 'light';
      return undefined;
    });
  }
}
