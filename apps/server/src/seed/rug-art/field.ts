import type { KnotGrid } from './knot-grid.ts';
import type { Motif } from './motifs.ts';
import { ROLE, type Role } from './palettes.ts';

/** The field inside the borders, with its centre and half sizes in knots. */
export interface FieldBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  cx: number;
  cy: number;
  hw: number;
  hh: number;
}

export function fieldBox(grid: KnotGrid, border: number): FieldBox {
  const x0 = border;
  const y0 = border;
  const x1 = grid.width - border;
  const y1 = grid.height - border;
  return { x0, y0, x1, y1, cx: (x0 + x1) / 2, cy: (y0 + y1) / 2, hw: (x1 - x0) / 2, hh: (y1 - y0) / 2 };
}

/** Paints only knots of the field (inside the border), for elliptical rugs too. */
export function paintField(
  grid: KnotGrid,
  border: number,
  paint: (x: number, y: number) => Role | number | undefined,
): void {
  grid.each((x, y) => (grid.frame(x, y).inset >= border ? paint(x, y) : undefined));
}

/** Stamps `motif` centred at (cx, cy) in a w x h cell, mapping slots to roles. */
export function stamp(
  grid: KnotGrid,
  motif: Motif,
  cx: number,
  cy: number,
  w: number,
  h: number,
  slots: readonly Role[],
  border = 0,
): void {
  const x0 = Math.floor(cx - w / 2);
  const y0 = Math.floor(cy - h / 2);
  for (let y = y0; y < y0 + Math.ceil(h) + 1; y++) {
    for (let x = x0; x < x0 + Math.ceil(w) + 1; x++) {
      if (x < 0 || y < 0 || x >= grid.width || y >= grid.height) continue;
      if (border > 0 && grid.frame(x, y).inset < border) continue;
      const s = motif(x + 0.5 - cx, y + 0.5 - cy, w, h);
      if (s > 0 && Math.abs(x + 0.5 - cx) <= w / 2 && Math.abs(y + 0.5 - cy) <= h / 2)
        grid.set(x, y, slots[s - 1] ?? 'dark');
    }
  }
}

export interface MedallionRoles {
  outline: Role;
  ground: Role;
  inner: Role;
  core: Role;
  detail: Role;
}

/**
 * A central medallion. `angular` is the stepped, hooked Heriz/tribal diamond; otherwise a lobed
 * city-workshop ellipse. Both have concentric layers and pendants on the long axis.
 */
export function medallion(
  grid: KnotGrid,
  box: FieldBox,
  rx: number,
  ry: number,
  angular: boolean,
  roles: MedallionRoles,
  lobes: number,
): void {
  const { cx, cy } = box;
  const shape = (dx: number, dy: number, k: number) => {
    if (angular) {
      // Stepped diamond with a serrated (hooked) edge every few knots.
      const d = Math.abs(dx) / (rx * k) + Math.abs(dy) / (ry * k);
      const teeth = ((Math.floor(Math.abs(dx) / 3) + Math.floor(Math.abs(dy) / 3)) % 2) * (2.2 / (rx * k));
      return d + teeth;
    }
    const a = Math.atan2(dy / ry, dx / rx);
    const r = Math.hypot(dx / (rx * k), dy / (ry * k));
    return r / (1 + 0.09 * Math.cos(lobes * a));
  };
  paintField(grid, 0, (x, y) => {
    const dx = x + 0.5 - cx;
    const dy = y + 0.5 - cy;
    // Pendants: small shapes above and below on the long axis, with a stem.
    const py = Math.abs(dy) - ry * 1.08;
    const pendant = angular
      ? Math.abs(dx) / (rx * 0.16) + Math.abs(py) / (ry * 0.12)
      : Math.hypot(dx / (rx * 0.17), py / (ry * 0.1));
    if (pendant < 1) return pendant > 0.7 ? roles.outline : roles.inner;
    if (Math.abs(dx) < 1 && Math.abs(dy) > ry * 0.95 && Math.abs(dy) < ry * 1.0 + 1) return roles.outline;
    const s = shape(dx, dy, 1);
    if (s > 1) return undefined;
    if (s > 1 - 2.2 / Math.min(rx, ry)) return roles.outline;
    const s2 = shape(dx, dy, 0.62);
    if (s2 > 1) {
      // Scatter of small flowers on the medallion ground.
      return (Math.floor(x / 4) * 7 + Math.floor(y / 4) * 3) % 11 === 0 && (x + y) % 2 === 0
        ? roles.detail
        : roles.ground;
    }
    if (s2 > 1 - 1.8 / Math.min(rx, ry) / 0.62) return roles.outline;
    const s3 = shape(dx, dy, 0.3);
    if (s3 > 1) return roles.inner;
    if (s3 > 0.75) return roles.outline;
    return roles.core;
  });
}

/** Quarter medallions in the four corners of the field. */
export function spandrels(
  grid: KnotGrid,
  box: FieldBox,
  sx: number,
  sy: number,
  angular: boolean,
  roles: MedallionRoles,
): void {
  grid.each((x, y) => {
    if (x < box.x0 || x >= box.x1 || y < box.y0 || y >= box.y1) return undefined;
    const dx = Math.min(x + 0.5 - box.x0, box.x1 - x - 0.5);
    const dy = Math.min(y + 0.5 - box.y0, box.y1 - y - 0.5);
    const d = angular ? dx / sx + dy / sy : Math.hypot(dx / sx, dy / sy);
    if (d > 1) return undefined;
    if (d > 1 - 2 / Math.min(sx, sy)) return roles.outline;
    if (d > 0.55) return roles.ground;
    if (d > 0.5) return roles.outline;
    return roles.inner;
  });
}

/** Every knot of the field for which `inside` holds gets `role`. Convenience over paintField. */
export function fillWhere(
  grid: KnotGrid,
  border: number,
  role: Role,
  inside: (x: number, y: number) => boolean,
): void {
  paintField(grid, border, (x, y) => (inside(x, y) ? ROLE[role] : undefined));
}
