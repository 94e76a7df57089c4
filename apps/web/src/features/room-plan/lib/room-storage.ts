import { z } from 'zod';
import type { Room } from '@knotwork/shared/room-plan/geometry';
import type { Furniture } from './plan-state.ts';

/**
 * The buyer's last room and its furniture, kept in this browser so the next rug opens in the same room. The unit
 * (cm or ft-in) is the site's own size preference (lib/units.ts), remembered there.
 */
const STORAGE_KEY = 'knotworkRoomPlan';

const size = z.number().positive().max(100_000);
const storedSchema = z.object({
  room: z.object({ width: size, length: size }),
  furniture: z
    .array(
      z.object({
        id: z.string().max(64),
        name: z.string().max(80),
        piece: z.object({
          cx: z.number(),
          cy: z.number(),
          w: size,
          h: size,
          angle: z.number(),
          shape: z.enum(['rect', 'ellipse']).optional(),
        }),
      }),
    )
    .max(50),
});

export interface StoredRoom {
  room: Room;
  furniture: Furniture[];
}

export function readStoredRoom(): StoredRoom | null {
  try {
    const raw = globalThis.localStorage?.getItem(STORAGE_KEY);
    if (!raw) return null;
    const parsed = storedSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    // Storage blocked or a damaged value: start with an empty room.
    return null;
  }
}

export function storeRoom(value: StoredRoom): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(value));
  } catch {
    // Not persisted; the plan still works for this visit.
  }
}
