import {
  clampIntoRoom,
  normaliseAngle,
  snapInRoom,
  type Piece,
  type Room,
} from '@knotwork/shared/room-plan/geometry';

/**
 * What the room plan holds (issue 14.4): the room, the rug and the buyer's furniture, in centimetres. Every
 * change goes through `planReducer`, which keeps each piece inside the room the way the geometry module says,
 * so the screen, the keyboard and the tests share one set of rules.
 */
export interface Furniture {
  id: string;
  name: string;
  piece: Piece;
}

export interface PlanState {
  room: Room | null;
  rug: Piece;
  furniture: Furniture[];
}

/** 'rug' for the rug itself, else a piece of furniture's id. */
export type PieceId = string;

export type PlanAction =
  | { type: 'setRoom'; room: Room }
  | { type: 'move'; id: PieceId; dx: number; dy: number }
  | { type: 'place'; id: PieceId; cx: number; cy: number; snap?: number }
  | { type: 'turnTo'; id: PieceId; angle: number }
  | { type: 'turnBy'; id: PieceId; degrees: number }
  | { type: 'centre'; id: PieceId }
  | { type: 'addFurniture'; furniture: Omit<Furniture, 'piece'> & { w: number; h: number } }
  | { type: 'removeFurniture'; id: string };

/** Keyboard steps (the 5 cm, and 50 cm with Shift) and the quarter and free turns. */
export const MOVE_STEP_CM = 5;
export const MOVE_BIG_STEP_CM = 50;
export const TURN_STEP_DEGREES = 15;

/**
 * A rectangle looks the same after half a turn, so angles live in [0, 180): the slider has one position per look.
 */
const turn = (degrees: number) => normaliseAngle(degrees) % 180;

export function initialPlan(
  rug: { widthCm: number; lengthCm: number; round: boolean },
  room: Room | null,
  furniture: Furniture[] = [],
): PlanState {
  // The rug starts centred, its length down the room's length (as the photos show it).
  const piece: Piece = {
    cx: (room?.width ?? rug.widthCm) / 2,
    cy: (room?.length ?? rug.lengthCm) / 2,
    w: rug.widthCm,
    h: rug.lengthCm,
    angle: 0,
    shape: rug.round ? 'ellipse' : 'rect',
  };
  return {
    room,
    rug: room ? clampIntoRoom(room, piece) : piece,
    furniture: room ? furniture.map((f) => ({ ...f, piece: clampIntoRoom(room, f.piece) })) : furniture,
  };
}

function update(state: PlanState, id: PieceId, change: (piece: Piece, room: Room) => Piece): PlanState {
  const room = state.room;
  if (!room) return state;
  if (id === 'rug') return { ...state, rug: change(state.rug, room) };
  return {
    ...state,
    furniture: state.furniture.map((f) => (f.id === id ? { ...f, piece: change(f.piece, room) } : f)),
  };
}

export function planReducer(state: PlanState, action: PlanAction): PlanState {
  switch (action.type) {
    case 'setRoom': {
      const first = !state.room;
      const room = action.room;
      // A new room keeps the rug where it was, as far as the walls allow; the first one centres it.
      const rug = first ? { ...state.rug, cx: room.width / 2, cy: room.length / 2 } : state.rug;
      return {
        room,
        rug: clampIntoRoom(room, rug),
        furniture: state.furniture.map((f) => ({ ...f, piece: clampIntoRoom(room, f.piece) })),
      };
    }
    case 'move':
      return update(state, action.id, (p, room) =>
        clampIntoRoom(room, { ...p, cx: p.cx + action.dx, cy: p.cy + action.dy }),
      );
    case 'place':
      return update(state, action.id, (p, room) => {
        const moved = { ...p, cx: action.cx, cy: action.cy };
        return action.snap === undefined ? clampIntoRoom(room, moved) : snapInRoom(room, moved, action.snap);
      });
    case 'turnTo':
      return update(state, action.id, (p, room) => clampIntoRoom(room, { ...p, angle: turn(action.angle) }));
    case 'turnBy':
      return update(state, action.id, (p, room) =>
        clampIntoRoom(room, { ...p, angle: turn(p.angle + action.degrees) }),
      );
    case 'centre':
      return update(state, action.id, (p, room) =>
        clampIntoRoom(room, { ...p, cx: room.width / 2, cy: room.length / 2 }),
      );
    case 'addFurniture': {
      const { w, h, ...rest } = action.furniture;
      // New furniture starts in the top-left corner, where it hides the least of the rug.
      const piece: Piece = { cx: w / 2, cy: h / 2, w, h, angle: 0, shape: 'rect' };
      const placed = state.room ? clampIntoRoom(state.room, piece) : piece;
      return { ...state, furniture: [...state.furniture, { ...rest, piece: placed }] };
    }
    case 'removeFurniture':
      return { ...state, furniture: state.furniture.filter((f) => f.id !== action.id) };
  }
}

/** What a key does to a focused piece on the plan, or null when the key is not the plan's. */
export function keyAction(id: PieceId, key: string, shift: boolean): PlanAction | null {
  const step = shift ? MOVE_BIG_STEP_CM : MOVE_STEP_CM;
  // The plan is a physical drawing and is never mirrored: the right arrow moves right in every language.
  switch (key) {
    case 'ArrowLeft':
      return { type: 'move', id, dx: -step, dy: 0 };
    case 'ArrowRight':
      return { type: 'move', id, dx: step, dy: 0 };
    case 'ArrowUp':
      return { type: 'move', id, dx: 0, dy: -step };
    case 'ArrowDown':
      return { type: 'move', id, dx: 0, dy: step };
    case 'r':
    case 'R':
      return { type: 'turnBy', id, degrees: shift ? TURN_STEP_DEGREES : 90 };
    default:
      return null;
  }
}
