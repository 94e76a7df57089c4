import { create } from 'zustand';
import { CM_PER_INCH, cmToFeetInches } from '@knotwork/shared/constants/catalogue';
import { i18n } from './i18n.ts';
import {
  readStoredUnit,
  SIZE_UNIT_STORAGE_KEY as STORAGE_KEY,
  SIZE_UNITS,
  type SizeUnit,
} from './size-unit-guess.ts';

export { guessSizeUnit, SIZE_UNITS, type SizeUnit } from './size-unit-guess.ts';

/**
 * The visitor's size unit: centimetres or feet and inches (the trade in the US and UK still writes 9'0" x 12'0").
 * One preference for the whole site (listing, cards, detail pages), kept in localStorage so it survives visits.
 * The API always speaks centimetres; everything the visitor sees or types goes through this module.
 */

export const CM_PER_FOOT = CM_PER_INCH * 12;

/** The server render's unit, from the request's first Accept-Language (entry-server.tsx sets it per render). */
let renderUnit: SizeUnit | undefined;
export function setRenderSizeUnit(unit: SizeUnit) {
  renderUnit = unit;
}

interface SizeUnitState {
  unit: SizeUnit;
  setUnit: (unit: SizeUnit) => void;
}

const useSizeUnitStore = create<SizeUnitState>((set) => ({
  unit: readStoredUnit(),
  setUnit(unit) {
    try {
      localStorage.setItem(STORAGE_KEY, unit);
    } catch {
      // Not persisted; the choice still holds for this visit.
    }
    set({ unit });
  },
}));

// Another tab changed the preference: follow it, so two open tabs never disagree.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (
      event.key === STORAGE_KEY &&
      event.newValue &&
      (SIZE_UNITS as readonly string[]).includes(event.newValue)
    ) {
      useSizeUnitStore.setState({ unit: event.newValue as SizeUnit });
    }
  });
}

/** The current unit and its setter: `const { unit, setUnit } = useSizeUnit()`. */
export function useSizeUnit(): SizeUnitState {
  const stored = useSizeUnitStore((s) => s.unit);
  const unit = import.meta.env.SSR && renderUnit ? renderUnit : stored;
  const setUnit = useSizeUnitStore((s) => s.setUnit);
  return { unit, setUnit };
}

/** One length: "244 cm" or "8'0\"". */
export function formatLength(cm: number, unit: SizeUnit): string {
  const value = Math.round(cm);
  return unit === 'cm'
    ? i18n.t('common:units.cm', { value, defaultValue: `${value} cm` })
    : cmToFeetInches(cm);
}

/** A rug's size the way the trade writes it, width first: "196 x 302 cm" or "6'5\" x 9'11\"". */
export function formatSize(widthCm: number, lengthCm: number, unit: SizeUnit): string {
  const width = Math.round(widthCm);
  const length = Math.round(lengthCm);
  // Arabic writes "سم"; feet and inches keep their marks in every language.
  return unit === 'cm'
    ? i18n.t('common:units.sizeCm', { width, length, defaultValue: `${width} × ${length} cm` })
    : `${cmToFeetInches(widthCm)} × ${cmToFeetInches(lengthCm)}`;
}

/** The number a size input shows for a length in cm: whole centimetres, or feet to one decimal. */
export function cmToInputValue(cm: number, unit: SizeUnit): number {
  return unit === 'cm' ? Math.round(cm) : Math.round((cm / CM_PER_FOOT) * 10) / 10;
}

/** The centimetres a visitor means by a number typed in a size input (cm, or feet with decimals). */
export function inputValueToCm(value: number, unit: SizeUnit): number {
  return unit === 'cm' ? Math.round(value) : Math.round(value * CM_PER_FOOT);
}

/** The short label of a unit for inputs and toggles. */
export const SIZE_UNIT_SHORT: Record<SizeUnit, string> = { cm: 'cm', ftIn: 'ft' };
