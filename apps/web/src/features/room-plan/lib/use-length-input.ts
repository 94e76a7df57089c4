import { useState } from 'react';
import type { SizeUnit } from '@/lib/units.ts';
import { readLength } from './length-input.ts';

/**
 * One length field's state: the text as typed, what it reads as in this unit and within these limits, and whether
 * the buyer has left the field (its error shows only then).
 */
export function useLengthInput(unit: SizeUnit, limits: { min: number; max: number }, initial = '') {
  const [value, setValue] = useState(initial);
  const [touched, setTouched] = useState(false);
  return { value, setValue, touched, setTouched, reading: readLength(value, unit, limits), unit, limits };
}
export type LengthInput = ReturnType<typeof useLengthInput>;
