import { beforeEach, describe, expect, it, vi } from 'vitest';

/** The page's language, as the i18n module answers it; each test sets it. */
let language: 'en' | 'fr' | 'ar' = 'en';
vi.mock('@/lib/i18n.ts', () => ({
  currentLanguage: () => language,
  i18n: { t: (key: string) => key },
}));
const { formatMoney } = await import('@/lib/format-money.ts');

/** Intl separates French groups and the sign with (narrow) no-break spaces: compare with plain ones. */
const plain = (s: string) => s.replace(/[\u202F\u00A0]/g, ' ').replace(/[\u200E\u200F\u061C]/g, '');

/**
 * Money in the house's currency on the settlements, payouts and portal pages (issue 27): a house set to euros sees
 * €, each language writing it its own way, with cents only when there are some.
 */
describe('formatMoney', () => {
  beforeEach(() => {
    language = 'en';
  });

  it('writes euros with the euro sign in English, French and Arabic', () => {
    expect(formatMoney(123_456, 'EUR')).toBe('€1,234.56');
    language = 'fr';
    expect(plain(formatMoney(123_456, 'EUR'))).toBe('1 234,56 €');
    expect(plain(formatMoney(-2_000, 'EUR'))).toBe('-20 €');
    language = 'ar';
    const ar = plain(formatMoney(123_456, 'EUR'));
    expect(ar).toContain('€');
    // Latin digits in Arabic too (ar-u-nu-latn): an amount reads the same in every place it is shown.
    expect(ar).toMatch(/1.?234.56/);
    expect(ar).not.toContain('$');
  });

  it('keeps the house dollars of a house in dollars, and pounds are pounds', () => {
    expect(formatMoney(1_250_000, 'USD')).toBe('$12,500');
    expect(formatMoney(1_250_050)).toBe('$12,500.50');
    expect(formatMoney(99_00, 'GBP')).toBe('£99');
    language = 'fr';
    expect(plain(formatMoney(123_456, 'USD'))).toBe('1 234,56 $US');
  });
});
