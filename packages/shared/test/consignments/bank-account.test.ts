import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  formatIban,
  isValidAbaRouting,
  isValidBic,
  isValidIban,
  maskAccount,
  normalizeIban,
} from '../../src/consignments/bank-account.ts';

/** Published examples: the ECBS/SWIFT registry examples and the ones every IBAN article quotes. */
const PUBLISHED = [
  'GB82WEST12345698765432',
  'GB29NWBK60161331926819',
  'DE89370400440532013000',
  'FR1420041010050500013M02606',
  'AT611904300234573201',
  'BE68539007547034',
  'CH9300762011623852957',
  'ES9121000418450200051332',
  'IT60X0542811101000000123456',
  'NL91ABNA0417164300',
  'NO9386011117947',
  'PL61109010140000071219812874',
  'PT50000201231234567890154',
  'SE4550000000058398257466',
  'IE29AIBK93115212345678',
  'LU280019400644750000',
  'MT84MALT011000012345MTLCAST001S',
  'SA0380000000608010167519',
  'BR9700360305000010009795493P1',
];

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** An independent oracle: mod 97 through BigInt, unlike the folding in the module. */
function checkDigits(country: string, bban: string): string {
  const digits = [...`${bban}${country}00`].map((c) => parseInt(c, 36).toString()).join('');
  return String(98n - (BigInt(digits) % 97n)).padStart(2, '0');
}

const ibanOf = (country: string, bban: string) => `${country}${checkDigits(country, bban)}${bban}`;

/** Countries whose BBAN is all digits, with its length: there every single-character change must be caught. */
const NUMERIC_COUNTRIES = { DE: 18, AT: 16, BE: 12, PL: 24, ES: 20, PT: 21, SE: 20, NO: 11, DK: 14 } as const;

const numericIban = fc
  .constantFrom(...(Object.keys(NUMERIC_COUNTRIES) as (keyof typeof NUMERIC_COUNTRIES)[]))
  .chain((country) =>
    fc
      .string({
        unit: fc.constantFrom(...'0123456789'),
        minLength: NUMERIC_COUNTRIES[country],
        maxLength: NUMERIC_COUNTRIES[country],
      })
      .map((bban) => ibanOf(country, bban)),
  );

/** Every IBAN that differs from `iban` in exactly one character. */
function singleChanges(iban: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < iban.length; i++) {
    for (const c of ALPHABET) if (c !== iban[i]) out.push(iban.slice(0, i) + c + iban.slice(i + 1));
  }
  return out;
}

const sameClass = (a: string, b: string) => /\d/.test(a) === /\d/.test(b);

describe('normalizeIban and formatIban', () => {
  it('strips spaces and upper-cases', () => {
    expect(normalizeIban(' fr14 2004 1010 0505 0001 3m02 606 ')).toBe('FR1420041010050500013M02606');
  });

  it('groups by 4, the last group short', () => {
    expect(formatIban('FR1420041010050500013M02606')).toBe('FR14 2004 1010 0505 0001 3M02 606');
    expect(formatIban('gb82west12345698765432')).toBe('GB82 WEST 1234 5698 7654 32');
    expect(formatIban('DE89370400440532013000')).toBe('DE89 3704 0044 0532 0130 00');
  });

  it('round-trips: normalising the formatted form gives the IBAN back, and formatting is idempotent', () => {
    fc.assert(
      fc.property(numericIban, fc.constantFrom(...PUBLISHED), (generated, published) => {
        for (const iban of [generated, published]) {
          expect(normalizeIban(formatIban(iban))).toBe(iban);
          expect(formatIban(formatIban(iban))).toBe(formatIban(iban));
          expect(isValidIban(formatIban(iban))).toBe(true);
        }
      }),
    );
  });
});

describe('isValidIban', () => {
  it.each(PUBLISHED)('accepts the published example %s', (iban) => {
    expect(isValidIban(iban)).toBe(true);
  });

  it('forgives spaces and case', () => {
    expect(isValidIban('gb82 west 1234 5698 7654 32')).toBe(true);
  });

  it.each([
    ['GB83WEST12345698765432', 'wrong check digits'],
    ['DE88370400440532013000', 'wrong check digits'],
    ['FR1520041010050500013M02606', 'wrong check digits'],
    ['DE89370400440532013001', 'a changed account digit'],
    ['DE89370400440523013000', 'two digits swapped'],
    ['DE8937040044053201300', 'one character short'],
    ['DE893704004405320130000', 'one character long'],
    ['XX89370400440532013000', 'no such country'],
    ['DE89370400440532O13000', 'a letter O where Germany has only digits'],
    ['GB82WEST1234569876543!', 'a character outside A-Z 0-9'],
    ['', 'nothing'],
    ['DE', 'a country alone'],
  ])('refuses %s (%s)', (iban) => {
    expect(isValidIban(iban)).toBe(false);
  });

  it('refuses check digits 00, 01 and 99 although they leave the same remainder as 97, 98 and 02', () => {
    const wanted = new Map([
      ['97', '00'],
      ['98', '01'],
      ['02', '99'],
    ]);
    for (let n = 0; wanted.size > 0 && n < 100_000; n++) {
      const bban = String(n).padStart(18, '0');
      const check = checkDigits('DE', bban);
      const twin = wanted.get(check);
      if (!twin) continue;
      wanted.delete(check);
      expect(isValidIban(`DE${check}${bban}`)).toBe(true);
      expect(isValidIban(`DE${twin}${bban}`)).toBe(false);
    }
    expect(wanted.size).toBe(0);
  });

  it('catches every single-character change of an all-digit IBAN (property)', () => {
    fc.assert(
      fc.property(numericIban, fc.nat(), fc.constantFrom(...ALPHABET), (iban, at, char) => {
        const i = at % iban.length;
        fc.pre(iban[i] !== char);
        expect(isValidIban(iban)).toBe(true);
        expect(isValidIban(iban.slice(0, i) + char + iban.slice(i + 1))).toBe(false);
      }),
    );
  });

  it('catches every one of the 1,260 or so single-character changes of GB82WEST…, DE89… and GB29NWBK…', () => {
    for (const iban of ['GB82WEST12345698765432', 'DE89370400440532013000', 'GB29NWBK60161331926819']) {
      const missed = singleChanges(iban).filter(isValidIban);
      expect(missed, iban).toEqual([]);
    }
  });

  /**
   * Where a country allows letters and digits in the same place, a digit-for-letter swap changes how many digits
   * mod 97 reads, and about 1 in 97 of those slips through: a limit of ISO 13616 itself, which only the national
   * check digits (the French RIB key, the Italian CIN) would close. Same-kind swaps are always caught.
   */
  it('catches every digit-for-digit and letter-for-letter change of every published example', () => {
    for (const iban of PUBLISHED) {
      const missed = singleChanges(iban).filter((changed, k) => {
        const i = Math.floor(k / (ALPHABET.length - 1));
        return sameClass(iban[i] ?? '', changed[i] ?? '') && isValidIban(changed);
      });
      expect(missed, iban).toEqual([]);
    }
  });
});

describe('isValidBic', () => {
  it.each(['DEUTDEFF', 'DEUTDEFF500', 'NWBKGB2L', 'BNPAFRPPXXX', 'deut de ff'])('accepts %s', (bic) => {
    expect(isValidBic(bic)).toBe(true);
  });

  it.each(['DEUTDEF', 'DEUTDEFF50', 'DEUTDEFF5000', 'DEUT1EFF', 'DEUTDEF!', ''])('refuses %s', (bic) => {
    expect(isValidBic(bic)).toBe(false);
  });
});

describe('isValidAbaRouting', () => {
  it.each(['021000021', '011000015', '122105155', '026009593', '121000358'])('accepts %s', (routing) => {
    expect(isValidAbaRouting(routing)).toBe(true);
  });

  it.each([
    ['021000022', 'a wrong check digit'],
    ['201000021', 'digits swapped'],
    ['02100002', 'eight digits'],
    ['0210000211', 'ten digits'],
    ['02100002a', 'a letter'],
    ['021 000 021', 'spaces'],
    ['130000006', 'a good checksum but no such Federal Reserve prefix (13)'],
  ])('refuses %s (%s)', (routing) => {
    expect(isValidAbaRouting(routing)).toBe(false);
  });
});

describe('maskAccount', () => {
  it('shows an IBAN as its first group, two hidden groups and its last 4', () => {
    expect(maskAccount('FR1420041010050500013M02606')).toBe('FR14 •••• •••• 2606');
    expect(maskAccount('fr14 2004 1010 0505 0001 3m02 606')).toBe('FR14 •••• •••• 2606');
    // Same shape for a short IBAN: the mask does not tell the length.
    expect(maskAccount('NO9386011117947')).toBe('NO93 •••• •••• 7947');
  });

  it('shows any other account as its last 4', () => {
    expect(maskAccount('000123456789')).toBe('•••• 6789');
  });

  it('shows nothing of an account of 4 characters or fewer', () => {
    expect(maskAccount('1234')).toBe('••••');
    expect(maskAccount('')).toBe('••••');
  });

  it('never shows more than the last 4 characters past the first group (property)', () => {
    fc.assert(
      fc.property(numericIban, (iban) => {
        const masked = maskAccount(iban);
        expect(masked.slice(-4)).toBe(iban.slice(-4));
        expect(masked.replace(/[^A-Z0-9]/g, '')).toBe(iban.slice(0, 4) + iban.slice(-4));
      }),
    );
  });
});
