import type { Rng } from '../prng.ts';
import type { KnotGrid } from '../knot-grid.ts';
import { guard, paintBorders, type Band } from '../borders.ts';
import { fieldBox, medallion, paintField, spandrels, stamp } from '../field.ts';
import { boteh, eightPointStar, palmette, pearls, rosette, smallDiamond, vine } from '../motifs.ts';
import type { Role } from '../palettes.ts';

/**
 * Persian (and Indian) medallion carpets: a central medallion with pendants, corner spandrels, a
 * field of vine scrolls and flowers, and a wide main border between minor borders. `angular`
 * gives the bold geometric Heriz/Serapi drawing; otherwise the curvilinear city style.
 */
export function persianMedallion(grid: KnotGrid, rng: Rng): void {
  const angular = rng.chance(0.5);
  const short = Math.min(grid.width, grid.height);
  const main = Math.max(6, Math.round(short * rng.range(0.085, 0.11)));
  const minor = Math.max(3, Math.round(main * 0.38));
  const mainMotif = angular
    ? rng.pick([eightPointStar, smallDiamond, rosette])
    : rng.pick([palmette, rosette, boteh]);
  const bands: Band[] = [
    guard('dark'),
    guard('guard', 1),
    {
      width: minor,
      ground: 'minor',
      motif: rng.pick([vine, pearls, smallDiamond]),
      slots: ['accent1', 'accent2', 'dark', 'field'],
      period: minor * 2.2,
    },
    guard('dark'),
    {
      width: main,
      ground: 'border',
      motif: mainMotif,
      slots: ['field', 'light', 'accent2', 'accent3'],
      period: main * rng.range(1.2, 1.7),
    },
    guard('dark'),
    {
      width: minor,
      ground: 'minor',
      motif: vine,
      slots: ['accent1', 'accent2', 'dark', 'field'],
      period: minor * 2.4,
    },
    guard('guard', 1),
  ];
  const border = paintBorders(grid, bands);
  const box = fieldBox(grid, border);

  // All-over vine trellis, mirrored in four, so the field reads as "floral" at a distance.
  const f1 = rng.range(0.16, 0.24);
  const f2 = rng.range(0.1, 0.18);
  const vineRole: Role = rng.pick(['fieldAlt', 'accent3', 'dark'] as const);
  paintField(grid, border, (x, y) => {
    const qx = Math.abs(x + 0.5 - box.cx);
    const qy = Math.abs(y + 0.5 - box.cy);
    const w = Math.sin(qx * f1 + Math.sin(qy * f2) * 2.2);
    if (Math.abs(w) < 0.14) return vineRole;
    return undefined;
  });
  const cell = Math.max(7, Math.round(short * rng.range(0.06, 0.08)));
  const small = rng.pick([rosette, eightPointStar, boteh, palmette]);
  for (let qy = cell * 0.6; qy < box.hh; qy += cell * 1.15) {
    for (let qx = cell * 0.6 + ((qy / cell) % 2) * cell * 0.5; qx < box.hw; qx += cell * 1.3) {
      for (const [sx, sy] of [
        [1, 1],
        [-1, 1],
        [1, -1],
        [-1, -1],
      ] as const) {
        stamp(
          grid,
          small,
          box.cx + sx * qx,
          box.cy + sy * qy,
          cell * 0.8,
          cell * 0.8,
          ['accent2', 'light', 'dark', 'accent1'],
          border,
        );
      }
    }
  }

  const rx = box.hw * rng.range(0.55, 0.72);
  const ry = Math.min(box.hh * 0.62, rx * rng.range(1.0, 1.6));
  const roles = {
    outline: 'dark',
    ground: 'medallion',
    inner: 'fieldAlt',
    core: 'core',
    detail: 'accent2',
  } as const;
  medallion(grid, box, rx, ry, angular, roles, rng.pick([12, 16, 20]));
  if (rng.chance(0.85)) {
    spandrels(grid, box, box.hw * rng.range(0.38, 0.55), box.hh * rng.range(0.22, 0.32), angular, {
      outline: 'dark',
      ground: 'medallion',
      inner: 'fieldAlt',
      core: 'core',
      detail: 'accent2',
    });
  }
}
