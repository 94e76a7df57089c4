import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clearances, isOutsideRoom } from '@knotwork/shared/room-plan/geometry';
import { FURNITURE_LIMITS_CM, readLength, ROOM_LIMITS_CM } from '@/features/room-plan/lib/length-input.ts';
import { initialPlan, keyAction, planReducer, type PlanAction } from '@/features/room-plan/lib/plan-state.ts';

const rug = { widthCm: 200, lengthCm: 300, round: false };
const room = { width: 400, length: 500 };

describe('room plan state', () => {
  it('centres the rug in the first room and keeps it where it was in the next', () => {
    let state = planReducer(initialPlan(rug, null), { type: 'setRoom', room });
    expect(clearances(room, state.rug)).toEqual({ left: 100, right: 100, top: 100, bottom: 100 });
    state = planReducer(state, { type: 'move', id: 'rug', dx: -50, dy: 0 });
    state = planReducer(state, { type: 'setRoom', room: { width: 600, length: 500 } });
    expect(clearances(state.room!, state.rug).left).toBe(50);
  });

  it('moves by 5 cm a key press, 50 with Shift, in screen directions, and R turns a quarter (Shift+R 15 degrees)', () => {
    expect(keyAction('rug', 'ArrowRight', false)).toEqual({ type: 'move', id: 'rug', dx: 5, dy: 0 });
    expect(keyAction('rug', 'ArrowUp', true)).toEqual({ type: 'move', id: 'rug', dx: 0, dy: -50 });
    expect(keyAction('sofa', 'r', false)).toEqual({ type: 'turnBy', id: 'sofa', degrees: 90 });
    expect(keyAction('sofa', 'R', true)).toEqual({ type: 'turnBy', id: 'sofa', degrees: 15 });
    expect(keyAction('rug', 'Enter', false)).toBeNull();
    let state = initialPlan(rug, room);
    state = planReducer(state, keyAction('rug', 'r', false)!);
    state = planReducer(state, keyAction('rug', 'r', false)!);
    // Half a turn looks the same as none.
    expect(state.rug.angle).toBe(0);
  });

  it('adds furniture in the top-left corner, moves and removes it', () => {
    let state = initialPlan(rug, room);
    state = planReducer(state, {
      type: 'addFurniture',
      furniture: { id: 'sofa', name: 'Sofa', w: 220, h: 90 },
    });
    expect(state.furniture[0]!.piece).toMatchObject({ cx: 110, cy: 45 });
    state = planReducer(state, { type: 'move', id: 'sofa', dx: -30, dy: 10 });
    expect(state.furniture[0]!.piece).toMatchObject({ cx: 110, cy: 55 });
    state = planReducer(state, { type: 'removeFurniture', id: 'sofa' });
    expect(state.furniture).toEqual([]);
  });

  it('whatever the buyer does, a rug that fits the room stays inside it', () => {
    const action = fc.oneof(
      fc.record({
        type: fc.constant('move' as const),
        id: fc.constant('rug'),
        dx: fc.integer({ min: -600, max: 600 }),
        dy: fc.integer({ min: -600, max: 600 }),
      }),
      fc.record({
        type: fc.constant('place' as const),
        id: fc.constant('rug'),
        cx: fc.integer({ min: -900, max: 900 }),
        cy: fc.integer({ min: -900, max: 900 }),
        snap: fc.option(fc.integer({ min: 0, max: 40 }), { nil: undefined }),
      }),
      fc.record({
        type: fc.constant('turnTo' as const),
        id: fc.constant('rug'),
        angle: fc.integer({ min: 0, max: 23 }).map((n) => n * 15),
      }),
      fc.record({ type: fc.constant('centre' as const), id: fc.constant('rug') }),
    );
    fc.assert(
      fc.property(fc.array(action as fc.Arbitrary<PlanAction>, { maxLength: 30 }), (actions) => {
        // 400 x 500 holds a 200 x 300 rug at any turn (its diagonal is 361 cm).
        const state = actions.reduce(planReducer, initialPlan(rug, room));
        expect(isOutsideRoom(room, state.rug)).toBe(false);
      }),
    );
  });

  it('reads lengths against the limits of a room and of furniture', () => {
    expect(readLength('450', 'cm', ROOM_LIMITS_CM)).toEqual({ ok: true, cm: 450 });
    expect(readLength('', 'cm', ROOM_LIMITS_CM)).toEqual({ ok: false, error: 'required' });
    expect(readLength('big', 'ftIn', ROOM_LIMITS_CM)).toEqual({ ok: false, error: 'notALength' });
    expect(readLength("1'", 'ftIn', ROOM_LIMITS_CM)).toEqual({ ok: false, error: 'tooSmall' });
    expect(readLength('120', 'ftIn', ROOM_LIMITS_CM)).toEqual({ ok: false, error: 'tooLarge' });
    expect(readLength('3"', 'ftIn', FURNITURE_LIMITS_CM)).toEqual({ ok: false, error: 'tooSmall' });
  });
});
