import { useRef, useState, type ReactNode } from 'react';
import type { Piece } from '@knotwork/shared/room-plan/geometry';
import { keyAction, type PieceId, type PlanAction } from '../lib/plan-state.ts';

/**
 * A rug or a piece of furniture on the plan that follows a finger or a mouse (pointer events, captured so a fast
 * drag does not lose it) and the keyboard (arrows move, R turns). `toPlan` turns screen pixels into plan cm;
 * `snapCm` is how close to a wall or the centre line a dropped piece is pulled onto it.
 */
export function MovablePiece({
  id,
  piece,
  label,
  roleDescription,
  describedBy,
  dispatch,
  toPlan,
  snapCm,
  onSettled,
  testId,
  children,
}: {
  id: PieceId;
  piece: Piece;
  label: string;
  roleDescription: string;
  describedBy: string;
  dispatch: (action: PlanAction) => void;
  toPlan: (clientX: number, clientY: number) => { x: number; y: number } | null;
  snapCm: number;
  onSettled: () => void;
  testId: string;
  children: (state: { focused: boolean; dragging: boolean }) => ReactNode;
}) {
  const grab = useRef<{ dx: number; dy: number } | null>(null);
  const [focused, setFocused] = useState(false);
  const [dragging, setDragging] = useState(false);

  const placeAt = (clientX: number, clientY: number, snap?: number) => {
    const point = toPlan(clientX, clientY);
    if (!point || !grab.current) return;
    dispatch({ type: 'place', id, cx: point.x - grab.current.dx, cy: point.y - grab.current.dy, snap });
  };

  return (
    <g
      tabIndex={0}
      role="button"
      aria-roledescription={roleDescription}
      aria-label={label}
      aria-describedby={describedBy}
      data-testid={testId}
      transform={`translate(${piece.cx} ${piece.cy}) rotate(${piece.angle})`}
      style={{ cursor: dragging ? 'grabbing' : 'grab', touchAction: 'none', outline: 'none' }}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      onPointerDown={(event) => {
        if (event.button !== 0) return;
        const point = toPlan(event.clientX, event.clientY);
        if (!point) return;
        grab.current = { dx: point.x - piece.cx, dy: point.y - piece.cy };
        event.currentTarget.setPointerCapture(event.pointerId);
        event.currentTarget.focus({ preventScroll: true });
        setDragging(true);
        event.preventDefault();
      }}
      onPointerMove={(event) => {
        if (grab.current) placeAt(event.clientX, event.clientY);
      }}
      onPointerUp={(event) => {
        if (!grab.current) return;
        placeAt(event.clientX, event.clientY, snapCm);
        grab.current = null;
        setDragging(false);
        onSettled();
      }}
      onPointerCancel={() => {
        grab.current = null;
        setDragging(false);
        onSettled();
      }}
      onKeyDown={(event) => {
        const action = keyAction(id, event.key, event.shiftKey);
        if (!action) return;
        event.preventDefault();
        dispatch(action);
        onSettled();
      }}
    >
      {children({ focused, dragging })}
    </g>
  );
}
