import fs from 'node:fs';
import { darken, decomposeColor } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { createAppTheme, fontFamily, paletteVariables } from '@/lib/theme.ts';
import { defaultSettings } from '@/lib/settings.ts';

/**
 * styles/baseline.css holds, as plain CSS, what MUI's CssBaseline wrote from the theme (decision 070). These tests
 * fail when the theme's palette and the stylesheet part ways.
 */
const css = fs.readFileSync(new URL('../../src/styles/baseline.css', import.meta.url), 'utf8');

function block(selector: string): Record<string, string> {
  const start = css.indexOf(`${selector} {`);
  if (start < 0) throw new Error(`no ${selector} block`);
  const body = css.slice(css.indexOf('{', start) + 1, css.indexOf('}', start));
  const out: Record<string, string> = {};
  for (const m of body.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/([\w-]+)\s*:\s*([^;]+);/g))
    out[m[1]!] = m[2]!.trim();
  return out;
}

/** A colour in one spelling: "rgba(27, 25, 22, 0.10)" and "rgba(27,25,22,0.1)" and "#1B1916" compare by value. */
function normal(value: string): string {
  return value
    .replace(/(#[0-9a-f]{6}|rgba?\([^)]*\))/gi, (colour) => {
      const { values } = decomposeColor(colour);
      const [r, g, b, a = 1] = values;
      return `rgba(${r},${g},${b},${Number(a)})`;
    })
    .replace(/\s+/g, ' ');
}

describe('styles/baseline.css', () => {
  const light = block(':root');
  const dark = { ...light, ...block(":root[data-mode='dark']") };

  it.each([
    ['light', light],
    ['dark', dark],
  ] as const)('has the %s theme palette as custom properties', (mode, declared) => {
    const expected = paletteVariables(createAppTheme({ ...defaultSettings, mode }));
    for (const [name, value] of Object.entries(expected)) {
      // The house colour and its dark shade are computed in CSS in light mode (next test).
      if (mode === 'light' && (name === '--kw-primary' || name === '--kw-primary-dark')) continue;
      expect.soft(normal(declared[name] ?? 'missing'), name).toBe(normal(value));
    }
    expect(declared['color-scheme']).toBe(mode);
  });

  it("derives the light primary from the house colour as MUI's theme does", () => {
    expect(light['--kw-house']?.toLowerCase()).toBe(defaultSettings.themeColor.toLowerCase());
    expect(light['--kw-primary']).toBe('var(--kw-house)');
    expect(light['--kw-primary-dark']).toBe('color-mix(in srgb, var(--kw-house) 70%, #000000)');
    // color-mix with black at 30% scales each channel by 0.7, which is MUI's darken(main, 0.3) (its tonal offset);
    // MUI truncates the result where CSS rounds it, at most one step of 255 apart.
    for (const house of ['#8a1c2b', '#2f4f6f', '#c8a96a', '#000000']) {
      const theme = createAppTheme({ ...defaultSettings, themeColor: house });
      expect(theme.palette.primary.main).toBe(house);
      const mixed = decomposeColor(house)
        .values.slice(0, 3)
        .map((c) => Math.round(c * 0.7));
      const dark = decomposeColor(theme.palette.primary.dark).values.slice(0, 3);
      dark.forEach((channel, i) => expect(Math.abs(channel - mixed[i]!)).toBeLessThanOrEqual(1));
      expect(theme.palette.primary.dark).toBe(darken(house, 0.3));
    }
  });

  it("sets the body's type and colours from the theme", () => {
    const theme = createAppTheme(defaultSettings);
    const body = block('body');
    expect(body['font-family']?.replace(/'/g, '"')).toBe(fontFamily);
    expect(body['font-size']).toBe(theme.typography.body1.fontSize);
    expect(Number(body['line-height'])).toBe(theme.typography.body1.lineHeight);
    expect(body.color).toBe('var(--kw-text)');
    expect(body['background-color']).toBe('var(--kw-page)');
  });
});
