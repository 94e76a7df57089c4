/**
 * The geometry of the room plan (issue 14.4), in centimetres, pure: a room is a rectangle with its origin in the
 * top-left corner, x to the right and y down (as on the screen); a rug or a piece of furniture is a rectangle
 * or an ellipse given by its centre, its size along its own axes and its turn clockwise in degrees.
 */
export interface Room {
  /** Along x (across the plan). */
  width: number;
  /** Along y (down the plan). */
  length: number;
}

export type PieceShape = 'rect' | 'ellipse';

export interface Piece {
  cx: number;
  cy: number;
  /** Size along the piece's own x axis before turning. */
  w: number;
  /** Size along the piece's own y axis before turning. */
  h: number;
  /** Degrees clockwise. */
  angle: number;
  shape?: PieceShape;
}

export interface Box {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** The free floor between a piece and each wall of the plan; negative when the piece passes that wall. */
export interface Clearances {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

export const WALLS = ['top', 'right', 'bottom', 'left'] as const;
export type Wall = (typeof WALLS)[number];

const EPSILON = 1e-6;
const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Degrees into [0, 360). */
export function normaliseAngle(degrees: number): number {
  const turned = degrees % 360;
  return turned < 0 ? turned + 360 : turned + 0;
}

/**
 * Half the extent of a turned piece along x and y. A rectangle reaches out with a corner; an ellipse with the
 * point where its tangent is parallel to the axis (sqrt(a²cos² + b²sin²)).
 */
export function halfExtents(piece: Piece): { x: number; y: number } {
  const a = piece.w / 2;
  const b = piece.h / 2;
  const cos = Math.cos(toRadians(piece.angle));
  const sin = Math.sin(toRadians(piece.angle));
  if (piece.shape === 'ellipse') return { x: Math.hypot(a * cos, b * sin), y: Math.hypot(a * sin, b * cos) };
  return { x: Math.abs(a * cos) + Math.abs(b * sin), y: Math.abs(a * sin) + Math.abs(b * cos) };
}

/** The axis-aligned box around a turned piece. */
export function boundingBox(piece: Piece): Box {
  const half = halfExtents(piece);
  return {
    minX: piece.cx - half.x,
    minY: piece.cy - half.y,
    maxX: piece.cx + half.x,
    maxY: piece.cy + half.y,
  };
}

/**
 * The floor left between a piece and each wall. The shortest distance from a convex shape to a straight wall is
 * from its outermost point, which is where its bounding box touches, so the box gives the exact figure at any turn.
 */
export function clearances(room: Room, piece: Piece): Clearances {
  const box = boundingBox(piece);
  return { left: box.minX, right: room.width - box.maxX, top: box.minY, bottom: room.length - box.maxY };
}

/** Whether the piece, turned as it is, can lie in the room at all (it may touch the walls). */
export function fitsInRoom(room: Room, piece: Piece): boolean {
  const half = halfExtents(piece);
  return 2 * half.x <= room.width + EPSILON && 2 * half.y <= room.length + EPSILON;
}

/** Whether some part of the piece lies beyond a wall. */
export function isOutsideRoom(room: Room, piece: Piece): boolean {
  const c = clearances(room, piece);
  return WALLS.some((wall) => c[wall] < -EPSILON);
}

function clampAxis(centre: number, half: number, size: number): number {
  // Larger than the room on this axis: it cannot be inside, so it lies centred, equally over both walls.
  if (2 * half >= size) return size / 2;
  return Math.min(Math.max(centre, half), size - half);
}

/** The piece moved the least distance that puts it inside the room; centred on an axis it is too big for. */
export function clampIntoRoom(room: Room, piece: Piece): Piece {
  const half = halfExtents(piece);
  return {
    ...piece,
    cx: clampAxis(piece.cx, half.x, room.width),
    cy: clampAxis(piece.cy, half.y, room.length),
  };
}

/**
 * Where a dragged piece comes to rest: at whole centimetres, pulled onto a wall or onto the room's centre line
 * when it comes within `threshold` cm of it (a rug is most often laid centred or against a wall), then kept in.
 */
export function snapInRoom(room: Room, piece: Piece, threshold: number): Piece {
  const half = halfExtents(piece);
  const snapAxis = (centre: number, halfSize: number, size: number) => {
    const targets = [halfSize, size / 2, size - halfSize];
    const near = targets.find((target) => Math.abs(centre - target) <= threshold);
    return near ?? Math.round(centre);
  };
  return clampIntoRoom(room, {
    ...piece,
    cx: snapAxis(piece.cx, half.x, room.width),
    cy: snapAxis(piece.cy, half.y, room.length),
  });
}

/** The corners of a turned rectangle, or a close polygon around an ellipse, clockwise on screen. */
export function outline(piece: Piece): Array<{ x: number; y: number }> {
  const cos = Math.cos(toRadians(piece.angle));
  const sin = Math.sin(toRadians(piece.angle));
  const local =
    piece.shape === 'ellipse'
      ? Array.from({ length: 48 }, (_, i) => {
          const t = (i / 48) * 2 * Math.PI;
          return { x: (piece.w / 2) * Math.cos(t), y: (piece.h / 2) * Math.sin(t) };
        })
      : [
          { x: -piece.w / 2, y: -piece.h / 2 },
          { x: piece.w / 2, y: -piece.h / 2 },
          { x: piece.w / 2, y: piece.h / 2 },
          { x: -piece.w / 2, y: piece.h / 2 },
        ];
  return local.map((p) => ({ x: piece.cx + p.x * cos - p.y * sin, y: piece.cy + p.x * sin + p.y * cos }));
}

function project(points: Array<{ x: number; y: number }>, axis: { x: number; y: number }) {
  let min = Infinity;
  let max = -Infinity;
  for (const p of points) {
    const d = p.x * axis.x + p.y * axis.y;
    min = Math.min(min, d);
    max = Math.max(max, d);
  }
  return { min, max };
}

function edgeNormals(points: Array<{ x: number; y: number }>) {
  return points.map((p, i) => {
    const next = points[(i + 1) % points.length]!;
    const length = Math.hypot(next.x - p.x, next.y - p.y) || 1;
    return { x: -(next.y - p.y) / length, y: (next.x - p.x) / length };
  });
}

/**
 * Whether two pieces share floor (touching edges do not count): the separating axis test over both outlines.
 * An ellipse is taken as its 48-sided polygon, at most 0.2% inside the true curve.
 */
export function overlaps(a: Piece, b: Piece): boolean {
  const pa = outline(a);
  const pb = outline(b);
  for (const axis of [...edgeNormals(pa), ...edgeNormals(pb)]) {
    const ra = project(pa, axis);
    const rb = project(pb, axis);
    if (ra.max <= rb.min + EPSILON || rb.max <= ra.min + EPSILON) return false;
  }
  return true;
}
