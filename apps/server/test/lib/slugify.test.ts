import { describe, expect, it } from 'vitest';
import { slugify } from '../../src/lib/slugify.ts';
import { demoRugs } from '../../src/seed/demo-catalogue/seed-catalogue.ts';

// The one slugify of the server (sales, rugs, imports, collections, content, demo rugs): these pin what the
// copies it replaced agreed on, and the choice where they differed.
describe('slugify', () => {
  it('folds accents and case and joins words with single hyphens', () => {
    expect(slugify('Tabriz Héritage — Silk & Wool!', 'rug')).toBe('tabriz-heritage-silk-wool');
    expect(slugify('TRIBAL Rugs!!!', 'sale')).toBe('tribal-rugs');
  });

  it('answers the fallback when nothing is left', () => {
    expect(slugify('!!!', 'rug')).toBe('rug');
    expect(slugify('سجاد', 'sale')).toBe('sale');
  });

  it('cuts at the length first, so a slug never ends with a hyphen', () => {
    const slug = slugify(`${'a'.repeat(79)} b`, 'rug');
    expect(slug).toBe('a'.repeat(79));
    expect(slugify('x'.repeat(100), 'rug', 60)).toHaveLength(60);
  });

  it('gives the demo rugs the slugs they always had', () => {
    const [first, second] = demoRugs(new Date('2026-01-01T00:00:00Z'));
    expect(first!.slug).toBe('antique-mishan-malayer-rug-circa-1910-1001');
    expect(second!.slug).toBe('hereke-mat-turkey-1002');
  });
});
