import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatCents } from '../../src/consignments/payout-file-amount.ts';
import { PayoutFileError } from '../../src/consignments/payout-file-error.ts';
import {
  buildSepaCreditTransfer,
  PAIN_001_NAMESPACE,
  type SepaBatch,
  type SepaPayment,
} from '../../src/consignments/payout-file-sepa.ts';

/** The EPC's pain.001.001.09 schema for SEPA credit transfers (where it came from: fixtures/README.md). */
const XSD = fileURLToPath(new URL('./fixtures/pain.001.001.09.xsd', import.meta.url));

/**
 * Schema validation by libxml2's xmllint, fed on stdin. A missing xmllint fails the test, never skips it: a
 * skipped check would let a file the bank refuses pass CI. Debian: apt-get install libxml2-utils.
 */
function schemaErrors(xml: string): string[] {
  const run = spawnSync('xmllint', ['--noout', '--schema', XSD, '-'], { input: xml, encoding: 'utf8' });
  if (run.error) {
    throw new Error(
      `xmllint is needed to check the SEPA file against its schema and could not be run (${run.error.message}). ` +
        'Install it: apt-get install -y libxml2-utils (CI: .ci/run must install libxml2-utils).',
    );
  }
  if (run.status === 0) return [];
  return run.stderr.split('\n').filter((line) => line.trim() !== '' && !line.endsWith('fails to validate'));
}

const HOUSE = {
  name: 'Knotwork Auctions SARL',
  iban: 'FR14 2004 1010 0505 0001 3M02 606',
  bic: 'PSSTFRPPPAR',
};

const payment = (overrides: Partial<SepaPayment> = {}): SepaPayment => ({
  endToEndId: 'KW-PAYOUT-1',
  creditorName: 'Anna Schmidt',
  creditorIban: 'DE89370400440532013000',
  creditorBic: 'COBADEFFXXX',
  amountCents: 125_000,
  currency: 'EUR',
  remittance: 'Knotwork payout, sale 2025-03, lots 12 and 14',
  ...overrides,
});

const batchOf = (payments: SepaPayment[], overrides: Partial<SepaBatch> = {}): SepaBatch => ({
  messageId: 'KW-2025-03-14-001',
  createdAt: '2025-03-14T09:30:12.345Z',
  debtor: HOUSE,
  requestedExecutionDate: '2025-03-17',
  payments,
  ...overrides,
});

const THREE = batchOf([
  payment(),
  payment({
    endToEndId: 'KW-PAYOUT-2',
    creditorName: 'Hélène Dupré-Löwe & Søn',
    creditorIban: 'GB82 WEST 1234 5698 7654 32',
    creditorBic: undefined,
    amountCents: 99_999,
    remittance: 'Règlement: tapis n° 7 <Heriz> "1890"',
  }),
  payment({
    endToEndId: 'KW-PAYOUT-3',
    creditorName: 'محمد Al-Farsi',
    creditorIban: 'NL91ABNA0417164300',
    creditorBic: 'abnanl2a',
    amountCents: 1,
    remittance: '',
  }),
]);

/** Text of every element named `tag`, in order. */
const texts = (xml: string, tag: string) =>
  [...xml.matchAll(new RegExp(`<${tag}(?: [^>]*)?>([^<]*)</${tag}>`, 'g'))].map((m) => m[1] ?? '');

describe('buildSepaCreditTransfer', () => {
  it('writes a 3-payment batch that the pain.001.001.09 schema accepts', () => {
    const xml = buildSepaCreditTransfer(THREE);
    expect(schemaErrors(xml)).toEqual([]);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="')).toBe(true);
    expect(xml).toContain(`xmlns="${PAIN_001_NAMESPACE}"`);
    expect(PAIN_001_NAMESPACE).toBe('urn:iso:std:iso:20022:tech:xsd:pain.001.001.09');
  });

  it('fills the group header and the payment block', () => {
    const xml = buildSepaCreditTransfer(THREE);
    expect(texts(xml, 'MsgId')).toEqual(['KW-2025-03-14-001']);
    expect(texts(xml, 'PmtInfId')).toEqual(['KW-2025-03-14-001']);
    expect(texts(xml, 'CreDtTm')).toEqual(['2025-03-14T09:30:12Z']);
    expect(texts(xml, 'NbOfTxs')).toEqual(['3', '3']);
    expect(texts(xml, 'CtrlSum')).toEqual(['2250.00', '2250.00']);
    expect(texts(xml, 'InstdAmt')).toEqual(['1250.00', '999.99', '0.01']);
    expect(xml).toContain('<InstdAmt Ccy="EUR">0.01</InstdAmt>');
    expect(texts(xml, 'PmtMtd')).toEqual(['TRF']);
    expect(texts(xml, 'Cd')).toEqual(['SEPA']);
    expect(texts(xml, 'ChrgBr')).toEqual(['SLEV']);
    expect(texts(xml, 'Dt')).toEqual(['2025-03-17']);
    expect(texts(xml, 'IBAN')).toEqual([
      'FR1420041010050500013M02606',
      'DE89370400440532013000',
      'GB82WEST12345698765432',
      'NL91ABNA0417164300',
    ]);
    // The debtor's and two creditors' agents; the second creditor has no BIC and no agent.
    expect(texts(xml, 'BICFI')).toEqual(['PSSTFRPPPAR', 'COBADEFFXXX', 'ABNANL2A']);
    expect(texts(xml, 'EndToEndId')).toEqual(['KW-PAYOUT-1', 'KW-PAYOUT-2', 'KW-PAYOUT-3']);
    // An empty remittance leaves RmtInf out (the schema wants 1 character or more).
    expect(texts(xml, 'Ustrd')).toHaveLength(2);
  });

  it('names the debtor agent NOTPROVIDED when the house gives no BIC', () => {
    const xml = buildSepaCreditTransfer({ ...THREE, debtor: { name: HOUSE.name, iban: HOUSE.iban } });
    expect(xml).toMatch(/<DbtrAgt>\s*<FinInstnId>\s*<Othr>\s*<Id>NOTPROVIDED<\/Id>/);
    expect(schemaErrors(xml)).toEqual([]);
  });

  it('transliterates accents, spells out ø and &, and puts ? for what has no Latin form', () => {
    const xml = buildSepaCreditTransfer(THREE);
    expect(texts(xml, 'Nm')).toEqual([
      'Knotwork Auctions SARL',
      'Knotwork Auctions SARL',
      'Anna Schmidt',
      'Helene Dupre-Lowe + Son',
      '? Al-Farsi',
    ]);
    // <, > and " are outside the SEPA set: they become ?, ?, and ' (escaped as &apos;).
    expect(texts(xml, 'Ustrd')[1]).toBe('Reglement: tapis no 7 ?Heriz? &apos;1890&apos;');
    expect(xml).not.toMatch(/[^\x20-\x7e\n]/);
    expect(
      buildSepaCreditTransfer(batchOf([payment({ remittance: 'Tapis 200 × 300 cm, 1 200 €' })])),
    ).toContain('<Ustrd>Tapis 200 x 300 cm, 1 200 EUR</Ustrd>');
  });

  it('cuts names to 70 and remittance to 140 characters, after transliteration', () => {
    const xml = buildSepaCreditTransfer(
      batchOf([payment({ creditorName: 'ß'.repeat(50), remittance: `${'é'.repeat(139)}ÆÆ` })]),
    );
    expect(texts(xml, 'Nm')[2]).toBe('s'.repeat(70));
    expect(texts(xml, 'Ustrd')[0]).toBe(`${'e'.repeat(139)}A`);
    expect(schemaErrors(xml)).toEqual([]);
  });

  it('writes a file the schema accepts whatever the names and remittance text (property)', () => {
    const text = fc.string({ unit: 'grapheme', minLength: 0, maxLength: 200 });
    fc.assert(
      fc.property(
        fc.array(fc.record({ name: text, remittance: text }), { minLength: 1, maxLength: 4 }),
        (rows) => {
          const named = rows.map((row) => ({ ...row, name: `${row.name}x` }));
          const xml = buildSepaCreditTransfer(
            batchOf(
              named.map((row, i) =>
                payment({ endToEndId: `E2E-${i}`, creditorName: row.name, remittance: row.remittance }),
              ),
              { debtor: { ...HOUSE, name: named[0]?.name ?? 'x' } },
            ),
          );
          expect(schemaErrors(xml)).toEqual([]);
        },
      ),
      { numRuns: 25 },
    );
  });

  it('sums amounts exactly: CtrlSum read back is the integer sum of cents (property)', () => {
    const amounts = fc.array(fc.integer({ min: 1, max: 1_000_000_000 }), { minLength: 1, maxLength: 60 });
    fc.assert(
      fc.property(amounts, (cents) => {
        const xml = buildSepaCreditTransfer(
          batchOf(cents.map((amountCents, i) => payment({ endToEndId: `E2E-${i}`, amountCents }))),
        );
        const sum = cents.reduce((total, c) => total + BigInt(c), 0n);
        const [groupSum, blockSum] = texts(xml, 'CtrlSum');
        expect(groupSum).toMatch(/^\d+\.\d{2}$/);
        expect(BigInt((groupSum ?? '').replace('.', ''))).toBe(sum);
        expect(blockSum).toBe(groupSum);
        const each = texts(xml, 'InstdAmt').map((a) => BigInt(a.replace('.', '')));
        expect(each).toEqual(cents.map(BigInt));
      }),
    );
  });

  it('checks its own check: xmllint refuses a file the schema forbids', () => {
    const xml = buildSepaCreditTransfer(THREE).replace('<ChrgBr>SLEV</ChrgBr>', '<ChrgBr>SHAR</ChrgBr>');
    expect(schemaErrors(xml).join('\n')).toMatch(/ChrgBr/);
  });
});

describe('buildSepaCreditTransfer refusals', () => {
  const refusal = (batch: SepaBatch) => {
    try {
      buildSepaCreditTransfer(batch);
    } catch (error) {
      expect(error).toBeInstanceOf(PayoutFileError);
      const { code, message, paymentIndex } = error as PayoutFileError;
      return { code, message, paymentIndex };
    }
    throw new Error('expected a PayoutFileError');
  };

  it('refuses an empty batch', () => {
    expect(refusal(batchOf([]))).toMatchObject({ code: 'empty_batch', message: 'the batch has no payment' });
  });

  it('refuses a payment in another currency than EUR, naming it', () => {
    expect(refusal(batchOf([payment(), payment({ endToEndId: 'B', currency: 'USD' })]))).toEqual({
      code: 'unsupported_currency',
      message: 'Payment 2: a SEPA credit transfer is in EUR only, not "USD"',
      paymentIndex: 1,
    });
  });

  it('refuses an invalid creditor or debtor IBAN', () => {
    expect(refusal(batchOf([payment({ creditorIban: 'DE88370400440532013000' })]))).toMatchObject({
      code: 'invalid_iban',
      paymentIndex: 0,
      message: `Payment 1: The creditor's IBAN "DE88370400440532013000" is not a valid IBAN`,
    });
    expect(refusal(batchOf([payment()], { debtor: { name: 'K', iban: 'FR00' } }))).toMatchObject({
      code: 'invalid_iban',
    });
  });

  it('refuses an invalid BIC', () => {
    expect(refusal(batchOf([payment({ creditorBic: 'COBADEF' })]))).toMatchObject({ code: 'invalid_bic' });
  });

  it.each([0, -100, 12.5, Number.NaN, 100_000_000_000])('refuses the amount %s', (amountCents) => {
    expect(refusal(batchOf([payment({ amountCents })]))).toMatchObject({ code: 'invalid_amount' });
  });

  it.each(['', 'x'.repeat(36), '/lead', 'trail/', 'a//b', 'ünicode', ' padded'])(
    'refuses the identifier %j',
    (id) => {
      expect(refusal(batchOf([payment({ endToEndId: id })]))).toMatchObject({ code: 'invalid_identifier' });
      expect(refusal(batchOf([payment()], { messageId: id }))).toMatchObject({ code: 'invalid_identifier' });
    },
  );

  it('refuses an end-to-end id used twice', () => {
    expect(refusal(batchOf([payment(), payment()]))).toMatchObject({
      code: 'duplicate_identifier',
      paymentIndex: 1,
    });
  });

  it.each(['2025-02-30', '17/03/2025', '2025-3-7'])('refuses the execution date %s', (date) => {
    expect(refusal(batchOf([payment()], { requestedExecutionDate: date }))).toMatchObject({
      code: 'invalid_date',
    });
  });

  it('refuses a creation time that is not a date-time', () => {
    expect(refusal(batchOf([payment()], { createdAt: 'yesterday' }))).toMatchObject({ code: 'invalid_date' });
  });

  it('refuses an empty creditor name', () => {
    expect(refusal(batchOf([payment({ creditorName: '   ' })]))).toMatchObject({ code: 'invalid_name' });
  });
});

describe('formatCents', () => {
  it.each([
    [1, '0.01'],
    [10, '0.10'],
    [100, '1.00'],
    [123456, '1234.56'],
    [99_999_999_999, '999999999.99'],
    [2n ** 64n, '184467440737095516.16'],
  ])('%s cents is %s', (cents, text) => {
    expect(formatCents(cents)).toBe(text);
  });
});
