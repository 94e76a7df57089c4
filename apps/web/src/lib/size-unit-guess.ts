/** Kept free of imports: lib/ssr-state.ts reads it before anything else starts. */
export const SIZE_UNITS = ['cm', 'ftIn'] as const;
export type SizeUnit = (typeof SIZE_UNITS)[number];

export const SIZE_UNIT_STORAGE_KEY = 'knotworkSizeUnit';

/** The unit a visitor gets before choosing one: feet and inches for US English (and two more), else centimetres. */
export function guessSizeUnit(stored: string | null | undefined, language: string): SizeUnit {
  if (stored && (SIZE_UNITS as readonly string[]).includes(stored)) return stored as SizeUnit;
  return /^en-(US|LR|MM)$/i.test(language) ? 'ftIn' : 'cm';
}

export function readStoredUnit(): SizeUnit {
  let stored: string | null | undefined = null;
  try {
    stored = globalThis.localStorage?.getItem(SIZE_UNIT_STORAGE_KEY);
  } catch {
    // Storage blocked (private mode, sandboxed frame): fall through to the guess.
  }
  // No preference yet: visitors whose browser speaks US English get feet and inches, everyone else centimetres.
  return guessSizeUnit(stored, globalThis.navigator?.language ?? '');
}
