import { parseLength, type LengthUnit } from '@knotwork/shared/room-plan/lengths';

/** What a room may measure (a cupboard to a ballroom), and a piece of furniture. */
export const ROOM_LIMITS_CM = { min: 50, max: 3000 } as const;
export const FURNITURE_LIMITS_CM = { min: 10, max: 1000 } as const;

/** A typed length read against its limits: the centimetres, or which message to show (room-plan:errors.*). */
export type LengthReading =
  { ok: true; cm: number } | { ok: false; error: 'required' | 'notALength' | 'tooSmall' | 'tooLarge' };

export function readLength(
  text: string,
  unit: LengthUnit,
  limits: { min: number; max: number },
): LengthReading {
  if (!text.trim()) return { ok: false, error: 'required' };
  const cm = parseLength(text, unit);
  if (cm === null) return { ok: false, error: 'notALength' };
  if (cm < limits.min) return { ok: false, error: 'tooSmall' };
  if (cm > limits.max) return { ok: false, error: 'tooLarge' };
  return { ok: true, cm };
}
