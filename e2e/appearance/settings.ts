import type { Page } from 'playwright-core';
import { STORAGE_KEYS } from '@knotwork/shared/constants/layout';

/**
 * Stores interface settings (SPEC.md 3) before any script of the app runs, as a returning visitor who chose
 * them has them: the app reads the key once at start-up.
 */
export async function useStoredSettings(page: Page, settings: Record<string, unknown>): Promise<void> {
  await page.addInitScript(
    ([key, value]) => {
      window.localStorage.setItem(key, value);
    },
    [STORAGE_KEYS.settings, JSON.stringify(settings)] as const,
  );
}

/** Opens `path` and waits until its heading is there and the network is quiet (lazy route, data, pictures). */
export async function openPage(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator('main h1, h1').first().waitFor({ state: 'visible', timeout: 20_000 });
  await page.waitForLoadState('networkidle');
}

/** Relative luminance (WCAG) of a CSS rgb()/rgba() colour. */
export function luminance(css: string): number {
  const m = css.match(/rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)/);
  if (!m) throw new Error(`not an rgb colour: ${css}`);
  const [r, g, b] = [m[1], m[2], m[3]].map((v) => {
    const c = Number(v) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
