import { OUTSIDE, ROLE, type Role } from './palettes.ts';

export type Shape = 'rectangle' | 'runner' | 'square' | 'round' | 'oval';

/**
 * The rug as a weaver sees it: a grid of knots, each holding one colour role. Designs draw here
 * at knot resolution, so every edge is stepped the way real knotting is.
 */
export class KnotGrid {
  readonly cells: Uint8Array;
  constructor(
    readonly width: number,
    readonly height: number,
    readonly shape: Shape,
  ) {
    this.cells = new Uint8Array(width * height).fill(ROLE.field);
  }

  get(x: number, y: number): number {
    return this.cells[y * this.width + x]!;
  }

  set(x: number, y: number, role: Role | number): void {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const i = y * this.width + x;
    if (this.cells[i] === OUTSIDE) return;
    this.cells[i] = typeof role === 'number' ? role : ROLE[role];
  }

  /** Calls `paint` for every knot; a returned role is written, undefined leaves the knot alone. */
  each(
    paint: (x: number, y: number) => Role | number | undefined,
    x0 = 0,
    y0 = 0,
    x1 = this.width,
    y1 = this.height,
  ): void {
    for (let y = Math.max(0, y0); y < Math.min(this.height, y1); y++) {
      for (let x = Math.max(0, x0); x < Math.min(this.width, x1); x++) {
        const r = paint(x, y);
        if (r !== undefined) this.set(x, y, r);
      }
    }
  }

  /**
   * Where a knot sits relative to the outline: `inset` is its distance in knots from the edge and
   * `u` its position along that edge (rectangles are mitred at the corners, ellipses use the angle).
   */
  frame(x: number, y: number): { inset: number; u: number; edgeLength: number; horizontal: boolean } {
    const cx = x + 0.5;
    const cy = y + 0.5;
    if (this.shape === 'round' || this.shape === 'oval') {
      const a = this.width / 2;
      const b = this.height / 2;
      const dx = cx - a;
      const dy = cy - b;
      const r = Math.sqrt((dx / a) ** 2 + (dy / b) ** 2);
      const angle = Math.atan2(dy / b, dx / a) + Math.PI;
      const perimeter = Math.PI * (3 * (a + b) - Math.sqrt((3 * a + b) * (a + 3 * b)));
      return {
        inset: (1 - r) * Math.min(a, b),
        u: (angle / (2 * Math.PI)) * perimeter,
        edgeLength: perimeter,
        horizontal: true,
      };
    }
    const left = cx;
    const right = this.width - cx;
    const top = cy;
    const bottom = this.height - cy;
    const minX = Math.min(left, right);
    const minY = Math.min(top, bottom);
    // Top/bottom bands run along x, side bands along y; the diagonal mitre decides the corner knots.
    if (minY <= minX) return { inset: minY, u: cx, edgeLength: this.width, horizontal: true };
    return { inset: minX, u: cy, edgeLength: this.height, horizontal: false };
  }

  /** Marks knots outside a round or oval outline. */
  cutOutline(): void {
    if (this.shape !== 'round' && this.shape !== 'oval') return;
    const a = this.width / 2;
    const b = this.height / 2;
    for (let y = 0; y < this.height; y++) {
      for (let x = 0; x < this.width; x++) {
        if (((x + 0.5 - a) / a) ** 2 + ((y + 0.5 - b) / b) ** 2 > 1) this.cells[y * this.width + x] = OUTSIDE;
      }
    }
  }
}
