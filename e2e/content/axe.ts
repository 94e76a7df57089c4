import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { ROOT } from '../helpers/server.ts';

/**
 * Runs axe-core in the page and lists serious and critical violations as readable lines. `exclude` takes CSS
 * selectors of parts owned elsewhere with a known, reported issue (so this check still guards the rest).
 */
export async function seriousAxeViolations(page: Page, exclude: string[] = []): Promise<string[]> {
  // Axe reads colours as painted: a dialog still fading in is blended with its backdrop and fails a contrast it meets
  // once shown (a loaded CI run caught the bid dialog so). Finite animations and transitions end first; endless ones
  // (skeleton shimmer, spinners) are not waited for, and after 5 s the check runs anyway.
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
      undefined,
      { timeout: 5000 },
    )
    .catch(() => undefined);
  // Evaluated over the DevTools protocol: the site's CSP (script-src 'self') rightly refuses an injected <script>.
  await page.evaluate(fs.readFileSync(path.join(ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8'));
  const violations = await page.evaluate(async (excluded) => {
    type AxeResult = {
      violations: {
        id: string;
        impact: string;
        help: string;
        nodes: {
          target: string[];
          html: string;
          any: { data?: { fgColor?: string; bgColor?: string; contrastRatio?: number } | null }[];
        }[];
      }[];
    };
    const axe = (window as unknown as { axe: { run: (ctx: object, opts: object) => Promise<AxeResult> } })
      .axe;
    const result = await axe.run(
      { include: [['html']], exclude: excluded.map((s) => [s]) },
      { resultTypes: ['violations'] },
    );
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      // Colour contrast says which colours failed, so the message points at the style to fix.
      targets: v.nodes.slice(0, 3).map((n) => {
        const data = n.any[0]?.data;
        const colours = data?.fgColor
          ? ` [${data.fgColor} on ${data.bgColor}, ${data.contrastRatio}:1]`
          : ` ${n.html.slice(0, 160)}`;
        return `${n.target.join(' ')}${colours}`;
      }),
    }));
  }, exclude);
  return [
    ...violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.targets.join(', ')})`),
    ...(await partsOutsideTheTheme(page)),
  ];
}

/**
 * MUI components rendered outside a MUI scope (apps/web's lib/mui-loader.tsx, decision 070) silently get MUI's
 * default theme: Roboto and its blue, not the house's type and colours. Our theme never names Roboto, so any
 * element computed with it is such a part. Checked wherever axe is, which is every main page.
 */
async function partsOutsideTheTheme(page: Page): Promise<string[]> {
  const found = await page.evaluate(() =>
    Array.from(document.querySelectorAll('body *'))
      .filter((el) => /roboto/i.test(getComputedStyle(el).fontFamily))
      .slice(0, 3)
      .map((el) => `${el.tagName.toLowerCase()}.${Array.from(el.classList).slice(0, 3).join('.')}`),
  );
  return found.length ? [`serious mui-theme: MUI drawn without the app's theme (${found.join(', ')})`] : [];
}
