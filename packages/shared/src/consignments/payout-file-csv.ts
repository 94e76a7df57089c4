import { isValidAbaRouting, isValidBic, isValidIban, normalizeIban } from './bank-account.ts';
import { checkedCents, formatCents } from './payout-file-amount.ts';
import { PayoutFileError } from './payout-file-error.ts';

/**
 * A batch of consignor payouts as a CSV file, for a bank that takes no pain.001 (a US bank, a payments provider's
 * bulk upload) or for staff to key in by hand. Bytes: UTF-8 with a byte-order mark, which Excel needs to read the
 * accents; text: RFC 4180 (comma, CRLF, quotes doubled). Pure: the server gathers the batch and stores the file.
 */

/** Where the money goes: an IBAN, or a US account number with its ABA routing number. */
export type CsvPayeeAccount = { iban: string } | { accountNumber: string; routingNumber: string };

export interface CsvPayment {
  creditorName: string;
  account: CsvPayeeAccount;
  bic?: string;
  /** Integer cents, 1 to 99,999,999,999, written with 2 decimals. */
  amountCents: number;
  /** ISO 4217: a currency with cents, since the amount is written with 2 decimals. */
  currency: string;
  /** What the consignor reads on their statement. */
  reference: string;
}

export const PAYOUT_CSV_HEADER = [
  'Creditor name',
  'IBAN',
  'Account number',
  'Routing number',
  'BIC',
  'Amount',
  'Currency',
  'Reference',
] as const;

/**
 * ISO 4217 currencies without 2 decimals, which cents cannot express (JPY has none, BHD three): refused rather than
 * written off by a factor of 100 or 10.
 */
// prettier-ignore
const NOT_TWO_DECIMALS = new Set([
  'BHD', 'BIF', 'CLF', 'CLP', 'DJF', 'GNF', 'IQD', 'ISK', 'JOD', 'JPY', 'KMF', 'KRW', 'KWD', 'LYD',
  'OMR', 'PYG', 'RWF', 'TND', 'UGX', 'UYI', 'UYW', 'VND', 'VUV', 'XAF', 'XOF', 'XPF',
]);

/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab or carriage return before one) as a formula, and a
 * formula can fetch URLs or run commands (OWASP "CSV injection"). A name is consignor input, so such a cell gets
 * a leading ' which spreadsheets show as text. Amounts and IBANs never start so; a name like "-Ali-" shows the '.
 */
function defused(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

/** RFC 4180: a field with a comma, a quote or a line break goes in quotes, its quotes doubled. */
function quoted(cell: string): string {
  return /[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

const row = (cells: readonly string[]) => cells.map((cell) => quoted(defused(cell))).join(',');

function accountCells(account: CsvPayeeAccount, i: number): [iban: string, number: string, routing: string] {
  if ('iban' in account) {
    if (!isValidIban(account.iban)) {
      throw new PayoutFileError('invalid_iban', `${JSON.stringify(account.iban)} is not a valid IBAN`, i);
    }
    return [normalizeIban(account.iban), '', ''];
  }
  if (!isValidAbaRouting(account.routingNumber)) {
    throw new PayoutFileError(
      'invalid_routing',
      `${JSON.stringify(account.routingNumber)} is not a valid ABA routing number`,
      i,
    );
  }
  // US account numbers are up to 17 digits (NACHA); fewer than 4 is a typo.
  if (!/^\d{4,17}$/.test(account.accountNumber)) {
    throw new PayoutFileError('invalid_account_number', 'the account number must be 4 to 17 digits', i);
  }
  return ['', account.accountNumber, account.routingNumber];
}

/**
 * The CSV text for `payments`: the header, then one row per payment, CRLF after each, a byte-order mark first.
 * Write it as UTF-8. Throws PayoutFileError for an empty batch, an invalid IBAN, routing number, account number or
 * BIC, a currency that is not 3 letters with cents, or an amount that is not whole cents in range.
 */
export function buildPayoutCsv(payments: readonly CsvPayment[]): string {
  if (payments.length === 0) throw new PayoutFileError('empty_batch', 'the batch has no payment');
  const rows = payments.map((payment, i) => {
    if (!/^[A-Z]{3}$/.test(payment.currency) || NOT_TWO_DECIMALS.has(payment.currency)) {
      throw new PayoutFileError(
        'unsupported_currency',
        `${JSON.stringify(payment.currency)} is not a currency written with 2 decimals`,
        i,
      );
    }
    if (payment.creditorName.trim() === '') {
      throw new PayoutFileError('invalid_name', "the creditor's name is empty", i);
    }
    const bic = payment.bic?.trim() ?? '';
    if (bic !== '' && !isValidBic(bic)) {
      throw new PayoutFileError('invalid_bic', `${JSON.stringify(bic)} is not a valid BIC`, i);
    }
    return row([
      payment.creditorName.trim(),
      ...accountCells(payment.account, i),
      bic.replace(/\s+/g, '').toUpperCase(),
      formatCents(checkedCents(payment.amountCents, i)),
      payment.currency,
      payment.reference,
    ]);
  });
  return `\uFEFF${[row(PAYOUT_CSV_HEADER), ...rows].map((line) => `${line}\r\n`).join('')}`;
}
