import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CM_PER_INCH } from '../../src/constants/catalogue.ts';
import { formatFeetInches, formatLengthInput, parseLength } from '../../src/room-plan/lengths.ts';

describe('room plan lengths', () => {
  it('reads centimetres', () => {
    expect(parseLength('381', 'cm')).toBe(381);
    expect(parseLength(' 381 cm ', 'cm')).toBe(381);
    expect(parseLength('381,5', 'cm')).toBe(381.5);
    for (const bad of ['', 'abc', "12'", '-3', '3 m']) expect(parseLength(bad, 'cm')).toBeNull();
  });

  it('reads feet and inches the ways people write them', () => {
    const cm = (feet: number, inches: number) => (feet * 12 + inches) * CM_PER_INCH;
    expect(parseLength('12\' 6"', 'ftIn')).toBeCloseTo(cm(12, 6), 9);
    expect(parseLength("12'6", 'ftIn')).toBeCloseTo(cm(12, 6), 9);
    expect(parseLength('12ft 6in', 'ftIn')).toBeCloseTo(cm(12, 6), 9);
    expect(parseLength('12 feet 6 inches', 'ftIn')).toBeCloseTo(cm(12, 6), 9);
    expect(parseLength('12′6″', 'ftIn')).toBeCloseTo(cm(12, 6), 9);
    expect(parseLength("12'", 'ftIn')).toBeCloseTo(cm(12, 0), 9);
    expect(parseLength('12.5', 'ftIn')).toBeCloseTo(cm(12, 6), 9);
    expect(parseLength('150"', 'ftIn')).toBeCloseTo(cm(12, 6), 9);
    for (const bad of ['', 'twelve', '12\' 14"', '12 6', '\'"', "12''6"])
      expect(parseLength(bad, 'ftIn')).toBeNull();
  });

  it('writes feet and inches as the site does', () => {
    expect(formatFeetInches(381)).toBe('12\'6"');
    expect(formatLengthInput(381.4, 'cm')).toBe('381');
    expect(formatLengthInput(274, 'ftIn')).toBe('9\'0"');
  });

  it('round trips: whole inches exactly, any length to within half an inch, centimetres exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2000 }), (inches) => {
        const cm = inches * CM_PER_INCH;
        expect(parseLength(formatFeetInches(cm), 'ftIn')).toBeCloseTo(cm, 9);
      }),
    );
    fc.assert(
      fc.property(fc.double({ min: 0, max: 5000, noNaN: true }), (cm) => {
        expect(Math.abs(parseLength(formatLengthInput(cm, 'ftIn'), 'ftIn')! - cm)).toBeLessThanOrEqual(
          CM_PER_INCH / 2 + 1e-9,
        );
        expect(Math.abs(parseLength(formatLengthInput(cm, 'cm'), 'cm')! - cm)).toBeLessThanOrEqual(0.5);
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 200 }), fc.integer({ min: 0, max: 11 }), (feet, inches) => {
        const text = `${feet}' ${inches}"`;
        expect(formatFeetInches(parseLength(text, 'ftIn')!)).toBe(`${feet}'${inches}"`);
      }),
    );
  });
});
