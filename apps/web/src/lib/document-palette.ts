import { defaultSettings, useSettingsStore, type Settings } from './settings.ts';

function apply({ mode, themeColor }: Settings) {
  const root = document.documentElement;
  // styles/baseline.css: light is the default, as a server render (which knows no stored settings) draws it.
  if (mode === 'dark') root.dataset.mode = 'dark';
  else delete root.dataset.mode;
  if (themeColor.toLowerCase() === defaultSettings.themeColor.toLowerCase())
    root.style.removeProperty('--kw-house');
  else root.style.setProperty('--kw-house', themeColor);
}

/**
 * The page's palette follows the stored settings (SPEC.md 9 `mode` and `themeColor`): the plain CSS reads them
 * from the root element (styles/baseline.css), the MUI parts from their theme (lib/mui-scope.tsx). Applied before
 * the first render, so a dark visit never paints light once its scripts run.
 */
export function followPalette() {
  if (typeof document === 'undefined') return;
  apply(useSettingsStore.getState().settings);
  useSettingsStore.subscribe((state, previous) => {
    if (state.settings !== previous.settings) apply(state.settings);
  });
}
