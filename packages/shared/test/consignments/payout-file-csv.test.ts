import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  buildPayoutCsv,
  PAYOUT_CSV_HEADER,
  type CsvPayment,
} from '../../src/consignments/payout-file-csv.ts';
import { PayoutFileError } from '../../src/consignments/payout-file-error.ts';

/** An RFC 4180 reader written for the test, independent of the writer: CRLF rows, quoted fields, "" for ". */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let field = '';
  let fields: string[] = [];
  let inQuotes = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inQuotes) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') inQuotes = false;
      else field += c;
    } else if (c === '"' && field === '') inQuotes = true;
    else if (c === ',') {
      fields.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      fields.push(field);
      rows.push(fields);
      fields = [];
      field = '';
      i++;
    } else field += c;
  }
  expect(inQuotes).toBe(false);
  expect(field + fields.join('')).toBe(''); // the file ends with CRLF
  return rows;
}

/** The file as bytes and back, the way a bank's upload reads it. */
function readBack(csv: string): string[][] {
  const bytes = Buffer.from(csv, 'utf8');
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return parseCsv(bytes.subarray(3).toString('utf8'));
}

const PAYMENTS: CsvPayment[] = [
  {
    creditorName: 'Hélène Dupré',
    account: { iban: 'fr14 2004 1010 0505 0001 3m02 606' },
    bic: 'psstfrpppar',
    amountCents: 125_050,
    currency: 'EUR',
    reference: 'Payout, sale 2025-03 "Spring", lot 12',
  },
  {
    creditorName: 'Sam Carter',
    account: { accountNumber: '000123456789', routingNumber: '021000021' },
    amountCents: 7,
    currency: 'USD',
    reference: 'Line one\r\nline two',
  },
  {
    creditorName: '=HYPERLINK("http://evil.example","click")',
    account: { iban: 'GB82WEST12345698765432' },
    amountCents: 99_999_999_999,
    currency: 'GBP',
    reference: '@SUM(A1:A9)',
  },
];

describe('buildPayoutCsv', () => {
  it('writes a header and one row per payment, which read back to the same values', () => {
    const rows = readBack(buildPayoutCsv(PAYMENTS));
    expect(rows).toEqual([
      [...PAYOUT_CSV_HEADER],
      [
        'Hélène Dupré',
        'FR1420041010050500013M02606',
        '',
        '',
        'PSSTFRPPPAR',
        '1250.50',
        'EUR',
        'Payout, sale 2025-03 "Spring", lot 12',
      ],
      ['Sam Carter', '', '000123456789', '021000021', '', '0.07', 'USD', 'Line one\r\nline two'],
      [
        '\'=HYPERLINK("http://evil.example","click")',
        'GB82WEST12345698765432',
        '',
        '',
        '',
        '999999999.99',
        'GBP',
        "'@SUM(A1:A9)",
      ],
    ]);
  });

  it('quotes only the fields that need it, doubling their quotes, and ends every line with CRLF', () => {
    const csv = buildPayoutCsv(PAYMENTS);
    expect(
      csv.startsWith(
        '\uFEFFCreditor name,IBAN,Account number,Routing number,BIC,Amount,Currency,Reference\r\n',
      ),
    ).toBe(true);
    expect(csv).toContain(
      'Hélène Dupré,FR1420041010050500013M02606,,,PSSTFRPPPAR,1250.50,EUR,"Payout, sale 2025-03 ""Spring"", lot 12"\r\n',
    );
    expect(csv.endsWith('\r\n')).toBe(true);
  });

  it.each(['=1+1', '+1', '-1', '@A1', '\tx', '\rx'])(
    'defuses a cell that starts like a formula: %j',
    (name) => {
      const [, row] = readBack(buildPayoutCsv([{ ...PAYMENTS[1]!, creditorName: 'x', reference: name }]));
      expect(row?.[7]).toBe(`'${name}`);
    },
  );

  it('leaves a harmless cell alone', () => {
    const [, row] = readBack(buildPayoutCsv([{ ...PAYMENTS[1]!, reference: "It's a 2+2 deal = fine" }]));
    expect(row?.[7]).toBe("It's a 2+2 deal = fine");
  });

  it('reads back any names and references, with only a formula start changed (property)', () => {
    const text = fc.string({ unit: 'grapheme', maxLength: 40 });
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ name: text, reference: text, cents: fc.integer({ min: 1, max: 1_000_000_000 }) }),
          {
            minLength: 1,
            maxLength: 5,
          },
        ),
        (items) => {
          const payments = items.map((item): CsvPayment => ({
            creditorName: `N${item.name}`,
            account: { iban: 'DE89370400440532013000' },
            amountCents: item.cents,
            currency: 'EUR',
            reference: item.reference,
          }));
          const rows = readBack(buildPayoutCsv(payments));
          expect(rows).toHaveLength(items.length + 1);
          rows.slice(1).forEach((row, i) => {
            const item = items[i]!;
            expect(row).toHaveLength(PAYOUT_CSV_HEADER.length);
            expect(row[0]).toBe(`N${item.name}`.trim());
            expect(row[7]).toBe(/^[=+\-@\t\r]/.test(item.reference) ? `'${item.reference}` : item.reference);
            expect(BigInt(row[5]!.replace('.', ''))).toBe(BigInt(item.cents));
          });
        },
      ),
    );
  });
});

describe('buildPayoutCsv refusals', () => {
  const refusal = (payments: CsvPayment[]) => {
    try {
      buildPayoutCsv(payments);
    } catch (error) {
      expect(error).toBeInstanceOf(PayoutFileError);
      return (error as PayoutFileError).code;
    }
    throw new Error('expected a PayoutFileError');
  };
  const base = PAYMENTS[1]!;

  it('refuses an empty batch', () => expect(refusal([])).toBe('empty_batch'));
  it('refuses an invalid IBAN', () =>
    expect(refusal([{ ...base, account: { iban: 'GB83WEST12345698765432' } }])).toBe('invalid_iban'));
  it('refuses an invalid routing number', () =>
    expect(refusal([{ ...base, account: { accountNumber: '123456', routingNumber: '021000022' } }])).toBe(
      'invalid_routing',
    ));
  it('refuses an account number that is not 4 to 17 digits', () =>
    expect(refusal([{ ...base, account: { accountNumber: '12-34', routingNumber: '021000021' } }])).toBe(
      'invalid_account_number',
    ));
  it('refuses an invalid BIC', () => expect(refusal([{ ...base, bic: 'XX' }])).toBe('invalid_bic'));
  it.each(['usd', 'EURO', 'JPY', 'KWD'])('refuses the currency %s', (currency) =>
    expect(refusal([{ ...base, currency }])).toBe('unsupported_currency'),
  );
  it.each([0, 1.5, -1])('refuses the amount %s', (amountCents) =>
    expect(refusal([{ ...base, amountCents }])).toBe('invalid_amount'),
  );
  it('refuses an empty name', () => expect(refusal([{ ...base, creditorName: ' ' }])).toBe('invalid_name'));
});
