import { create } from 'zustand';
import type { ToastPosition } from 'react-hot-toast';
import { STORAGE_KEYS } from '@knotwork/shared/constants/layout';

/** The user-interface settings of SPEC.md 3, kept in localStorage under one key. */
export type LayoutMode = 'horizontal' | 'vertical';
export type ColorMode = 'light' | 'dark';
export type Skin = 'default' | 'bordered' | 'semi-dark';
export type Direction = 'ltr' | 'rtl';

export interface Settings {
  layout: LayoutMode;
  /** Horizontal layout: hides the menu row. Vertical layout: collapses the side nav to its icon rail. */
  navHidden: boolean;
  toastPosition: ToastPosition;
  mode: ColorMode;
  skin: Skin;
  direction: Direction;
  /** The primary colour; black per SPEC.md 9. */
  themeColor: string;
}

export const defaultSettings: Settings = {
  layout: 'horizontal',
  navHidden: false,
  toastPosition: 'top-right',
  mode: 'light',
  skin: 'default',
  direction: 'ltr',
  themeColor: '#000000',
};

const toastPositions: readonly ToastPosition[] = [
  'top-left',
  'top-center',
  'top-right',
  'bottom-left',
  'bottom-center',
  'bottom-right',
];

function pick<T extends string>(value: unknown, allowed: readonly T[], fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

const DARK_QUERY = '(prefers-color-scheme: dark)';

/**
 * The mode when the visitor has never chosen one: the device's light or dark preference. A stored choice always
 * wins over it (SPEC.md 3 keeps `mode` in the stored settings).
 */
function preferredMode(): ColorMode {
  return typeof window !== 'undefined' && window.matchMedia?.(DARK_QUERY).matches
    ? 'dark'
    : defaultSettings.mode;
}

/** Reads stored settings, keeping only known keys with valid values so a stale or hand-edited entry cannot break the theme. */
export function readSettings(): Settings {
  let raw: Record<string, unknown> = {};
  try {
    const text = localStorage.getItem(STORAGE_KEYS.settings);
    if (text) raw = JSON.parse(text) as Record<string, unknown>;
  } catch {
    raw = {};
  }
  const d = defaultSettings;
  return {
    layout: pick(raw.layout, ['horizontal', 'vertical'], d.layout),
    navHidden: typeof raw.navHidden === 'boolean' ? raw.navHidden : d.navHidden,
    toastPosition: pick(raw.toastPosition, toastPositions, d.toastPosition),
    mode: pick(raw.mode, ['light', 'dark'], preferredMode()),
    skin: pick(raw.skin, ['default', 'bordered', 'semi-dark'], d.skin),
    direction: pick(raw.direction, ['ltr', 'rtl'], d.direction),
    themeColor:
      typeof raw.themeColor === 'string' && /^#[0-9a-f]{6}$/i.test(raw.themeColor)
        ? raw.themeColor
        : d.themeColor,
  };
}

function writeSettings(settings: Settings) {
  try {
    localStorage.setItem(STORAGE_KEYS.settings, JSON.stringify(settings));
  } catch {
    // Private mode or a full quota: the settings still apply for this visit.
  }
}

interface SettingsState {
  settings: Settings;
  update: (patch: Partial<Settings>) => void;
  reset: () => void;
}

export const useSettingsStore = create<SettingsState>((set, get) => ({
  settings: readSettings(),
  update(patch) {
    const settings = { ...get().settings, ...patch };
    writeSettings(settings);
    set({ settings });
  },
  reset() {
    writeSettings(defaultSettings);
    set({ settings: defaultSettings });
  },
}));

/** Keeps open tabs in step when another tab changes the settings. */
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEYS.settings) useSettingsStore.setState({ settings: readSettings() });
  });
  // Without a stored mode the page follows the device when it switches between light and dark (e.g. at dusk).
  window
    .matchMedia?.(DARK_QUERY)
    .addEventListener?.('change', () => useSettingsStore.setState({ settings: readSettings() }));
}

export function useSettings() {
  return useSettingsStore((s) => s.settings);
}
