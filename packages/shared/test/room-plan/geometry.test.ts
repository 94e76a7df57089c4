import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  boundingBox,
  clampIntoRoom,
  clearances,
  fitsInRoom,
  isOutsideRoom,
  normaliseAngle,
  overlaps,
  snapInRoom,
  type Piece,
  type Room,
} from '../../src/room-plan/geometry.ts';

const room = (width: number, length: number): Room => ({ width, length });
const rug = (over: Partial<Piece> = {}): Piece => ({ cx: 200, cy: 250, w: 200, h: 300, angle: 0, ...over });

const roomArb = fc.record({
  width: fc.double({ min: 50, max: 3000, noNaN: true }),
  length: fc.double({ min: 50, max: 3000, noNaN: true }),
});
const pieceArb = fc.record({
  cx: fc.double({ min: -500, max: 3500, noNaN: true }),
  cy: fc.double({ min: -500, max: 3500, noNaN: true }),
  w: fc.double({ min: 10, max: 1500, noNaN: true }),
  h: fc.double({ min: 10, max: 1500, noNaN: true }),
  angle: fc.double({ min: -720, max: 720, noNaN: true }),
  shape: fc.constantFrom<Piece['shape']>('rect', 'ellipse', undefined),
});
const close = (a: number, b: number, tolerance = 1e-6) =>
  Math.abs(a - b) <= tolerance * Math.max(1, Math.abs(b));

describe('room plan geometry: worked examples', () => {
  it('gives the floor left to each wall of a 200 x 300 rug in a 400 x 500 room', () => {
    expect(clearances(room(400, 500), rug())).toEqual({ left: 100, right: 100, top: 100, bottom: 100 });
    expect(clearances(room(400, 500), rug({ cx: 150, cy: 160 }))).toEqual({
      left: 50,
      right: 150,
      top: 10,
      bottom: 190,
    });
  });

  it('turns the box a quarter turn swaps the extents, and a 45 degree turn widens it to the diagonal', () => {
    expect(boundingBox(rug({ angle: 90 }))).toEqual({ minX: 50, minY: 150, maxX: 350, maxY: 350 });
    const diagonal = boundingBox(rug({ w: 100, h: 100, angle: 45 }));
    expect(diagonal.maxX - diagonal.minX).toBeCloseTo(100 * Math.SQRT2, 9);
    // A round rug is as wide at every turn.
    const round = boundingBox(rug({ w: 200, h: 200, angle: 30, shape: 'ellipse' }));
    expect(round.maxX - round.minX).toBeCloseTo(200, 9);
  });

  it('keeps a rug in the room, and centres one too big for it', () => {
    expect(clampIntoRoom(room(400, 500), rug({ cx: -40, cy: 480 }))).toMatchObject({ cx: 100, cy: 350 });
    const big = clampIntoRoom(room(150, 500), rug({ cx: 10 }));
    expect(big.cx).toBe(75);
    expect(fitsInRoom(room(150, 500), big)).toBe(false);
    expect(isOutsideRoom(room(150, 500), big)).toBe(true);
    expect(fitsInRoom(room(400, 500), rug({ angle: 90 }))).toBe(true);
    expect(fitsInRoom(room(250, 500), rug({ angle: 90 }))).toBe(false);
  });

  it('snaps onto the centre line and the walls, else to whole centimetres', () => {
    expect(snapInRoom(room(400, 500), rug({ cx: 196.2, cy: 104.6 }), 5)).toMatchObject({ cx: 200, cy: 150 });
    expect(snapInRoom(room(400, 500), rug({ cx: 103, cy: 347 }), 5)).toMatchObject({ cx: 100, cy: 350 });
    expect(snapInRoom(room(400, 500), rug({ cx: 140.4, cy: 260.6 }), 5)).toMatchObject({ cx: 140, cy: 261 });
  });

  it('tells when a rug runs under a piece of furniture, not when they only touch', () => {
    const sofa: Piece = { cx: 200, cy: 40, w: 220, h: 90, angle: 0 };
    expect(overlaps(rug({ cy: 250 }), sofa)).toBe(false);
    expect(overlaps(rug({ cy: 230 }), sofa)).toBe(true);
    // Touching edge to edge (the rug from y 85, the sofa up to y 85) shares no floor.
    expect(overlaps(rug({ cy: 235 }), sofa)).toBe(false);
    // A turned rug reaches a table its unturned self would miss.
    const table: Piece = { cx: 330, cy: 250, w: 60, h: 60, angle: 0 };
    expect(overlaps(rug(), table)).toBe(false);
    expect(overlaps(rug({ angle: 90 }), table)).toBe(true);
    // A round rug misses a corner its bounding box would cover.
    const corner: Piece = { cx: 290, cy: 290, w: 20, h: 20, angle: 0 };
    expect(overlaps({ cx: 200, cy: 200, w: 200, h: 200, angle: 0, shape: 'ellipse' }, corner)).toBe(false);
    expect(overlaps({ cx: 200, cy: 200, w: 200, h: 200, angle: 0 }, corner)).toBe(true);
  });

  it('normalises angles into a turn', () => {
    expect(normaliseAngle(-90)).toBe(270);
    expect(normaliseAngle(360)).toBe(0);
    expect(normaliseAngle(375)).toBe(15);
  });
});

describe('room plan geometry: properties', () => {
  it('the clearances and the rug add up to the room, on each axis, at any turn', () => {
    fc.assert(
      fc.property(roomArb, pieceArb, (r, p) => {
        const c = clearances(r, p);
        const box = boundingBox(p);
        expect(close(c.left + (box.maxX - box.minX) + c.right, r.width)).toBe(true);
        expect(close(c.top + (box.maxY - box.minY) + c.bottom, r.length)).toBe(true);
      }),
    );
  });

  it('keeps a rug that fits inside the room (every clearance at least zero), and is idempotent', () => {
    fc.assert(
      fc.property(roomArb, pieceArb, (r, p) => {
        const clamped = clampIntoRoom(r, p);
        expect(clamped.angle).toBe(p.angle);
        expect(close(clampIntoRoom(r, clamped).cx, clamped.cx)).toBe(true);
        expect(close(clampIntoRoom(r, clamped).cy, clamped.cy)).toBe(true);
        if (!fitsInRoom(r, p)) return;
        const c = clearances(r, clamped);
        for (const value of Object.values(c)) expect(value).toBeGreaterThanOrEqual(-1e-6);
        expect(isOutsideRoom(r, clamped)).toBe(false);
      }),
    );
  });

  it('leaves a rug that is already inside where it is', () => {
    const unit = fc.double({ min: 0, max: 1, noNaN: true });
    fc.assert(
      fc.property(roomArb, pieceArb, unit, unit, (r, p, tx, ty) => {
        fc.pre(fitsInRoom(r, p));
        // Anywhere from against the left (top) wall to against the right (bottom) one.
        const box = boundingBox({ ...p, cx: 0, cy: 0 });
        const inside = {
          ...p,
          cx: -box.minX + tx * (r.width - 2 * box.maxX),
          cy: -box.minY + ty * (r.length - 2 * box.maxY),
        };
        expect(isOutsideRoom(r, inside)).toBe(false);
        const clamped = clampIntoRoom(r, inside);
        expect(close(clamped.cx, inside.cx)).toBe(true);
        expect(close(clamped.cy, inside.cy)).toBe(true);
      }),
    );
  });

  it('a snapped rug that fits stays inside', () => {
    fc.assert(
      fc.property(roomArb, pieceArb, fc.double({ min: 0, max: 50, noNaN: true }), (r, p, threshold) => {
        fc.pre(fitsInRoom(r, p));
        expect(isOutsideRoom(r, snapInRoom(r, p, threshold))).toBe(false);
      }),
    );
  });

  it('overlap is symmetric, a piece overlaps itself, and pieces whose boxes are apart do not overlap', () => {
    fc.assert(
      fc.property(pieceArb, pieceArb, (a, b) => {
        expect(overlaps(a, b)).toBe(overlaps(b, a));
        expect(overlaps(a, a)).toBe(true);
        const ba = boundingBox(a);
        const bb = boundingBox(b);
        if (ba.maxX < bb.minX || bb.maxX < ba.minX || ba.maxY < bb.minY || bb.maxY < ba.minY)
          expect(overlaps(a, b)).toBe(false);
      }),
    );
  });
});
