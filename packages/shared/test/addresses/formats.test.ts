import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  COUNTRIES_WITH_REGION,
  formatAddress,
  postalKind,
  regionKind,
  usesRegion,
} from '../../src/addresses/formats.ts';
import { addressInputSchema } from '../../src/schemas/addresses.ts';
import { geoMessages } from '../../src/messages/geo.ts';

const base = { name: 'Ada Lovelace', line1: '12 Rug Lane', line2: null };

describe('formatAddress: each country as its post writes it', () => {
  it('UK: town in capitals, then the postcode on its own line, no county', () => {
    expect(
      formatAddress(
        { ...base, city: 'London', postalCode: 'sw1a 1aa', state: 'ENG', country: 'GB' },
        { countryName: 'United Kingdom' },
      ),
    ).toEqual(['Ada Lovelace', '12 Rug Lane', 'LONDON', 'SW1A 1AA', 'UNITED KINGDOM']);
  });

  it('US: "City, ST 12345"', () => {
    expect(
      formatAddress(
        {
          ...base,
          line2: 'Apt 4',
          city: 'New York',
          state: 'NY',
          stateName: 'New York',
          postalCode: '10001',
          country: 'US',
        },
        { countryName: 'United States' },
      ),
    ).toEqual(['Ada Lovelace', '12 Rug Lane', 'Apt 4', 'New York, NY 10001', 'UNITED STATES']);
  });

  it('France and Germany: "75001 Paris"', () => {
    expect(
      formatAddress(
        { ...base, city: 'Paris', postalCode: '75001', country: 'FR' },
        { countryName: 'France' },
      ),
    ).toEqual(['Ada Lovelace', '12 Rug Lane', '75001 Paris', 'FRANCE']);
    expect(
      formatAddress(
        { ...base, city: 'Berlin', postalCode: '10115', country: 'DE' },
        { withoutCountry: true },
      ).at(-1),
    ).toBe('10115 Berlin');
  });

  it('Canada and Australia: city, region code, postcode on one line', () => {
    expect(
      formatAddress(
        { ...base, city: 'Toronto', state: 'ON', postalCode: 'M5V 3L9', country: 'CA' },
        { withoutCountry: true },
      ).at(-1),
    ).toBe('Toronto ON M5V 3L9');
    expect(
      formatAddress(
        { ...base, city: 'Sydney', state: 'NSW', postalCode: '2000', country: 'AU' },
        { withoutCountry: true },
      ).at(-1),
    ).toBe('Sydney NSW 2000');
  });

  it('Japan: city and prefecture, then the postal code', () => {
    expect(
      formatAddress(
        { ...base, city: 'Shibuya', state: '13', stateName: 'Tokyo', postalCode: '150-0002', country: 'JP' },
        { withoutCountry: true },
      ).slice(-2),
    ).toEqual(['Shibuya, Tokyo', '150-0002']);
  });

  it('Brazil: "City-ST" then the CEP; Italy: "00184 Roma RM"; a numeric province code prints the name', () => {
    expect(
      formatAddress(
        { ...base, city: 'São Paulo', state: 'SP', postalCode: '01310-100', country: 'BR' },
        { withoutCountry: true },
      ).slice(-2),
    ).toEqual(['São Paulo-SP', '01310-100']);
    expect(
      formatAddress(
        { ...base, city: 'Roma', state: 'RM', postalCode: '00184', country: 'IT' },
        { withoutCountry: true },
      ).at(-1),
    ).toBe('00184 Roma RM');
    expect(
      formatAddress(
        { ...base, city: 'Pescara', state: '65', stateName: 'Abruzzo', postalCode: '65100', country: 'IT' },
        { withoutCountry: true },
      ).at(-1),
    ).toBe('65100 Pescara Abruzzo');
  });

  it('a country without postal codes or regions prints just the town; missing parts leave no stray separator', () => {
    expect(
      formatAddress({ ...base, city: 'Doha', postalCode: null, country: 'QA' }, { withoutCountry: true }).at(
        -1,
      ),
    ).toBe('Doha');
    expect(
      formatAddress(
        { ...base, city: 'São Paulo', state: null, postalCode: null, country: 'BR' },
        { withoutCountry: true },
      ).at(-1),
    ).toBe('São Paulo');
    expect(
      formatAddress(
        { ...base, city: 'Miami', state: null, postalCode: '33101', country: 'US' },
        { withoutCountry: true },
      ).at(-1),
    ).toBe('Miami 33101');
  });

  it('the ISO code stands in for a missing country name; the name can be left out', () => {
    expect(
      formatAddress({ ...base, city: 'Paris', postalCode: '75001', country: 'fr' }, { withoutName: true }),
    ).toEqual(['12 Rug Lane', '75001 Paris', 'FR']);
  });

  it('every line is non-empty and every given part appears (property)', () => {
    const word = fc.stringMatching(/^[A-Za-z][A-Za-z ]{0,14}[A-Za-z]$/);
    const country = fc.constantFrom(
      'GB',
      'US',
      'FR',
      'DE',
      'JP',
      'BR',
      'IT',
      'AU',
      'CA',
      'IN',
      'AE',
      'QA',
      'ZZ',
    );
    fc.assert(
      fc.property(
        word,
        word,
        word,
        fc.stringMatching(/^[0-9]{4,6}$/),
        country,
        (line1, city, name, postal, c) => {
          const lines = formatAddress(
            { name, line1, city, postalCode: postal, state: 'AB', stateName: 'Region', country: c },
            { countryName: 'Land' },
          );
          expect(lines.every((l) => l.trim() === l && l.length > 0)).toBe(true);
          const text = lines.join('\n').toUpperCase();
          for (const part of [line1, city, postal, name])
            expect(text).toContain(part.trim().toUpperCase().replace(/\s+/g, ' '));
          expect(lines.at(-1)).toBe('LAND');
        },
      ),
    );
  });
});

describe('regions and postal codes: what each country asks for', () => {
  it('asks for a region only where addresses use one', () => {
    for (const c of ['US', 'CA', 'AU', 'BR', 'MX', 'IN', 'JP', 'CN', 'IT', 'ES'])
      expect(usesRegion(c)).toBe(true);
    for (const c of ['GB', 'FR', 'DE', 'IE', 'NL', 'CH', 'QA', 'ZZ']) expect(usesRegion(c)).toBe(false);
    expect(usesRegion('us')).toBe(true);
    expect([...COUNTRIES_WITH_REGION].every((c) => regionKind(c) !== null)).toBe(true);
  });

  it('names the region and the postal code as the country does', () => {
    expect(regionKind('US')).toBe('state');
    expect(regionKind('CA')).toBe('province');
    expect(regionKind('JP')).toBe('prefecture');
    expect(regionKind('GB')).toBeNull();
    expect(postalKind('US')).toBe('zip');
    expect(postalKind('GB')).toBe('postcode');
    expect(postalKind('IN')).toBe('pin');
    expect(postalKind('FR')).toBe('postalCode');
  });
});

describe('addressInputSchema: the region is required only where it is used', () => {
  const input = {
    name: 'Ada',
    phone: '+44 20 7946 0958',
    line1: '1 High St',
    city: 'London',
    postalCode: 'SW1A 1AA',
  };

  it('a UK address without a region is valid', () => {
    expect(addressInputSchema.safeParse({ ...input, country: 'GB' }).success).toBe(true);
    expect(addressInputSchema.safeParse({ ...input, country: 'GB', state: '' }).success).toBe(true);
  });

  it('a US address without a state is refused on the state field', () => {
    const r = addressInputSchema.safeParse({
      ...input,
      city: 'New York',
      postalCode: '10001',
      country: 'US',
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues).toEqual([
      expect.objectContaining({ path: ['state'], message: geoMessages.stateRequired }),
    ]);
    expect(
      addressInputSchema.safeParse({
        ...input,
        city: 'New York',
        postalCode: '10001',
        country: 'US',
        state: 'NY',
      }).success,
    ).toBe(true);
  });
});
