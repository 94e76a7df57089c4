import type { KnotGrid } from './knot-grid.ts';
import type { Motif } from './motifs.ts';
import type { Role } from './palettes.ts';

/** One band of the frame, listed from the outer edge inwards. */
export interface Band {
  width: number;
  ground: Role;
  motif?: Motif;
  /** Roles of motif slots 1-4. */
  slots?: [Role, Role, Role, Role];
  /** Length of one repeat in knots; stretched so a whole number fits each side. */
  period?: number;
}

/** A thin plain stripe. */
export const guard = (role: Role, width = 1): Band => ({ width, ground: role });

/** Paints the frame bands and answers their total width (where the field begins). */
export function paintBorders(grid: KnotGrid, bands: Band[]): number {
  const total = bands.reduce((sum, b) => sum + b.width, 0);
  grid.each((x, y) => {
    const f = grid.frame(x, y);
    if (f.inset >= total) return undefined;
    let offset = 0;
    for (const band of bands) {
      if (f.inset < offset + band.width) {
        if (!band.motif || !band.slots) return band.ground;
        const period = band.period ?? band.width * 1.6;
        const repeats = Math.max(1, Math.round(f.edgeLength / period));
        const p = f.edgeLength / repeats;
        const local = ((f.u % p) + p) % p;
        const slot = band.motif(local - p / 2, f.inset - offset - band.width / 2, p, band.width);
        return slot === 0 ? band.ground : band.slots[slot - 1];
      }
      offset += band.width;
    }
    return undefined;
  });
  return total;
}
