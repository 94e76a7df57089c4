import type { Rng } from '../prng.ts';
import type { KnotGrid } from '../knot-grid.ts';
import { guard, paintBorders, type Band } from '../borders.ts';
import { fieldBox, paintField, stamp } from '../field.ts';
import {
  barberPole,
  eightPointStar,
  latchHookDiamond,
  ramsHorn,
  reciprocalTeeth,
  runningDog,
  sCurl,
  smallDiamond,
} from '../motifs.ts';
import type { Role } from '../palettes.ts';

/**
 * Caucasian village rugs (Kazak, Shirvan): one to four large hooked medallions stacked on the
 * long axis in alternating colours, tribal fillers scattered by hand (deliberately not
 * symmetrical), and bold geometric borders.
 */
export function caucasianGeometric(grid: KnotGrid, rng: Rng): void {
  const short = Math.min(grid.width, grid.height);
  const main = Math.max(7, Math.round(short * rng.range(0.1, 0.13)));
  const minor = Math.max(3, Math.round(main * 0.4));
  const bands: Band[] = [
    guard('dark'),
    {
      width: minor,
      ground: 'minor',
      motif: rng.pick([barberPole, runningDog, reciprocalTeeth]),
      slots: ['accent2', 'light', 'dark', 'field'],
      period: minor * 2,
    },
    guard('dark'),
    {
      width: main,
      ground: 'border',
      motif: rng.pick([latchHookDiamond, eightPointStar, ramsHorn]),
      slots: ['field', 'accent1', 'dark', 'accent2'],
      period: main * 1.25,
    },
    guard('dark'),
    {
      width: minor,
      ground: 'minor',
      motif: reciprocalTeeth,
      slots: ['accent1', 'minor', 'dark', 'light'],
      period: minor * 1.6,
    },
  ];
  const border = paintBorders(grid, bands);
  const box = fieldBox(grid, border);
  const vertical = box.hh >= box.hw;
  const along = vertical ? box.hh * 2 : box.hw * 2;
  const across = vertical ? box.hw * 2 : box.hh * 2;
  const count = Math.max(1, Math.min(4, Math.round(along / (across * rng.range(0.85, 1.2)))));
  const size = Math.min(across * 0.78, (along / count) * 0.86);
  const grounds: Role[] = ['accent1', 'light', 'accent3', 'accent2'];
  const hooked = rng.chance(0.6);
  for (let i = 0; i < count; i++) {
    const t = (i + 0.5) / count;
    const mx = vertical ? box.cx : box.x0 + t * box.hw * 2;
    const my = vertical ? box.y0 + t * box.hh * 2 : box.cy;
    const ground = grounds[i % 2 === 0 ? 0 : rng.int(1, 3)]!;
    const r = size / 2;
    paintField(grid, border, (x, y) => {
      const dx = Math.abs(x + 0.5 - mx);
      const dy = Math.abs(y + 0.5 - my);
      const d = hooked ? dx / r + dy / (r * 1.05) : Math.max(dx / (r * 0.8), dy / (r * 0.8), (dx + dy) / r);
      if (d > 1.02) {
        // Latch hooks sprouting from the outline.
        const hookRing = d < 1.2 && (Math.floor(dx / 3) + Math.floor(dy / 3)) % 3 === 0;
        return hooked && hookRing ? 'dark' : undefined;
      }
      if (d > 0.92) return 'dark';
      if (d > 0.5) return ground;
      if (d > 0.44) return 'dark';
      return 'core';
    });
    stamp(grid, eightPointStar, mx, my, r * 0.7, r * 0.7, ['field', 'light', 'dark', 'accent2'], border);
    for (const [ox, oy] of [
      [-0.62, 0],
      [0.62, 0],
      [0, -0.62],
      [0, 0.62],
    ] as const) {
      stamp(
        grid,
        smallDiamond,
        mx + ox * r,
        my + oy * r,
        r * 0.22,
        r * 0.22,
        ['light', 'field', 'dark'],
        border,
      );
    }
  }
  // Fillers scattered across the free ground, as a weaver fills gaps from memory.
  const fillers = [eightPointStar, sCurl, ramsHorn, smallDiamond];
  const cell = Math.max(6, Math.round(short * 0.07));
  for (let y = box.y0 + cell / 2; y < box.y1; y += cell * rng.range(0.9, 1.3)) {
    for (let x = box.x0 + cell / 2; x < box.x1; x += cell * rng.range(1.0, 1.6)) {
      if (!rng.chance(0.55)) continue;
      const cx = x + rng.range(-1, 1);
      const cy = y + rng.range(-1, 1);
      if (grid.get(Math.floor(cx), Math.floor(cy)) !== grid.get(box.x0 + 1, box.y0 + 1)) continue;
      const slots: Role[] = [
        rng.pick(['light', 'accent2', 'accent1', 'accent3'] as const),
        'field',
        'dark',
        'light',
      ];
      stamp(grid, rng.pick(fillers), cx, cy, cell * 0.75, cell * 0.75, slots, border);
    }
  }
}
