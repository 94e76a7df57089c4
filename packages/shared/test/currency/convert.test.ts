import { describe, expect, it } from 'vitest';
import {
  approximate,
  convertCentsToUnits,
  formatRateMicros,
  parseRateMicros,
} from '../../src/currency/convert.ts';
import { currencyForLocale, defaultDisplayCurrency } from '../../src/currency/locale-currency.ts';

describe('display conversion (decision 063)', () => {
  it('parses rates as staff type them into integer micros, and prints them back', () => {
    expect(parseRateMicros('0.79')).toBe(790_000);
    expect(parseRateMicros(' 0,8125 ')).toBe(812_500);
    expect(parseRateMicros('150')).toBe(150_000_000);
    expect(parseRateMicros('3.6725')).toBe(3_672_500);
    for (const bad of ['0', '0.000000', '-1', '1.1234567', '1e3', '', 'abc', '1.', '.5']) {
      expect(parseRateMicros(bad), bad).toBeNull();
    }
    expect(formatRateMicros(790_000)).toBe('0.79');
    expect(formatRateMicros(150_000_000)).toBe('150');
    expect(formatRateMicros(1)).toBe('0.000001');
  });

  it('rounds once, half away from zero, to whole units', () => {
    // $12,500 at 0.79 = £9,875 exactly.
    expect(convertCentsToUnits(1_250_000, 1_000_000, 790_000)).toBe(9875);
    // $1.50 at 1 = 2 (half up), $1.49 = 1.
    expect(convertCentsToUnits(150, 1_000_000, 1_000_000)).toBe(2);
    expect(convertCentsToUnits(149, 1_000_000, 1_000_000)).toBe(1);
    // Two rounded steps (to pounds, then to euros) would drift; one step from cents does not.
    expect(convertCentsToUnits(1_000_050, 790_000, 920_000)).toBe(11_646);
    expect(convertCentsToUnits(-150, 1_000_000, 1_000_000)).toBe(-2);
  });

  it('stays exact for amounts whose product passes 2^53', () => {
    // $90 million in yen at 150: 13.5 billion exactly (a float product would be 9e9 * 1.5e8 = 1.35e18).
    expect(convertCentsToUnits(9_000_000_000, 1_000_000, 150_000_000)).toBe(13_500_000_000);
    expect(convertCentsToUnits(9_007_199_254_740_991, 1_000_000, 1_000_000)).toBe(90_071_992_547_410);
  });

  it('converts between two non-base currencies through the base, and shows nothing without a rate', () => {
    const table = { base: 'USD', micros: { EUR: 920_000, GBP: 790_000 } };
    expect(approximate(table, 400_000, 'USD', 'GBP')).toBe(3160);
    expect(approximate(table, 400_000, 'EUR', 'GBP')).toBe(3435);
    expect(approximate(table, 400_000, 'GBP', 'USD')).toBe(5063);
    expect(approximate(table, 400_000, 'USD', 'USD')).toBeNull();
    expect(approximate(table, 400_000, 'USD', 'CHF')).toBeNull();
  });
});

describe("the visitor's currency from the browser's languages", () => {
  it('reads the region, or the likely one of a bare language', () => {
    expect(currencyForLocale('en-GB')).toBe('GBP');
    expect(currencyForLocale('fr')).toBe('EUR');
    expect(currencyForLocale('fr-CH')).toBe('CHF');
    expect(currencyForLocale('de-AT')).toBe('EUR');
    expect(currencyForLocale('ar-AE')).toBe('AED');
    expect(currencyForLocale('ja')).toBe('JPY');
    expect(currencyForLocale('en-US')).toBe('USD');
    expect(currencyForLocale('xx-QQ')).toBeNull();
    expect(currencyForLocale('not a tag')).toBeNull();
  });

  it('prefers an explicit region and only offers currencies that have a rate', () => {
    const offered = (c: string) => ['USD', 'EUR', 'GBP'].includes(c);
    expect(defaultDisplayCurrency(['fr', 'en-GB'], offered)).toBe('GBP');
    expect(defaultDisplayCurrency(['fr-FR', 'fr'], offered)).toBe('EUR');
    expect(defaultDisplayCurrency(['ar-AE', 'ar'], offered)).toBeNull();
    expect(defaultDisplayCurrency(['ja-JP', 'en-US'], offered)).toBe('USD');
    expect(defaultDisplayCurrency([], offered)).toBeNull();
  });
});
