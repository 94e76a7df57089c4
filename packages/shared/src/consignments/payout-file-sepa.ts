import { isValidBic, isValidIban, normalizeIban } from './bank-account.ts';
import { checkedCents, formatCents } from './payout-file-amount.ts';
import { PayoutFileError } from './payout-file-error.ts';
import { toSepaText } from './payout-file-sepa-text.ts';

/**
 * A batch of consignor payouts as a SEPA credit transfer file: ISO 20022 `pain.001.001.09`, Customer Credit Transfer
 * Initiation, as the EPC's SCT implementation guidelines restrict it. Staff upload the file to the house's bank,
 * which debits the house account once per payment. Pure: the server gathers the batch and stores the file.
 */

export const PAIN_001_NAMESPACE = 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.09';

export interface SepaParty {
  /** The account holder's name; transliterated into the SEPA set and cut to 70 characters. */
  name: string;
  iban: string;
  /** Optional within SEPA since 2016: without it the bank finds the agent from the IBAN. */
  bic?: string;
}

export interface SepaPayment {
  /** Our reference for this payment, returned on the bank statement and in rejections: unique in the batch. */
  endToEndId: string;
  creditorName: string;
  creditorIban: string;
  creditorBic?: string;
  /** Integer cents, 1 to 99,999,999,999. */
  amountCents: number;
  /** Only 'EUR': a SEPA credit transfer is in euros. Typed as text so a wrong currency is refused, not cast. */
  currency: string;
  /** What the consignor reads on their statement; transliterated and cut to 140 characters. */
  remittance: string;
}

export interface SepaBatch {
  /** Unique per file sent to the bank (banks refuse a repeated one): 1 to 35 characters. */
  messageId: string;
  /** When the file was made, as an ISO 8601 date-time; written in UTC. */
  createdAt: string;
  /** The house: whose account pays. */
  debtor: SepaParty;
  /** YYYY-MM-DD: the day the bank should pay. */
  requestedExecutionDate: string;
  payments: readonly SepaPayment[];
}

/** Schema lengths (EPC SCT C2PSP guidelines): party names are Max140Text cut to 70. */
const NAME_MAX = 70;
const REMITTANCE_MAX = 140;
const ID_MAX = 35;

/**
 * An identifier as the EPC allows it: 1 to 35 characters of the SEPA set, neither starting nor ending with '/' and
 * without '//'. Identifiers are ours and machine-made, so a bad one is refused rather than rewritten: the bank
 * quotes it back when a payment bounces, and it must match what we stored.
 */
function checkedId(value: string, what: string, paymentIndex?: number): string {
  const ok =
    /^[A-Za-z0-9/\-?:().,'+ ]{1,35}$/.test(value) &&
    !value.startsWith('/') &&
    !value.endsWith('/') &&
    !value.includes('//') &&
    value.trim() === value;
  if (!ok) {
    throw new PayoutFileError(
      'invalid_identifier',
      `${what} ${JSON.stringify(value)} must be 1 to ${ID_MAX} characters of A-Z a-z 0-9 / - ? : ( ) . , ' + and space, without a leading, trailing or double '/'`,
      paymentIndex,
    );
  }
  return value;
}

function checkedIban(value: string, what: string, paymentIndex?: number): string {
  if (!isValidIban(value)) {
    throw new PayoutFileError(
      'invalid_iban',
      `${what} ${JSON.stringify(value)} is not a valid IBAN`,
      paymentIndex,
    );
  }
  return normalizeIban(value);
}

function checkedBic(value: string | undefined, what: string, paymentIndex?: number): string | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  if (!isValidBic(value)) {
    throw new PayoutFileError(
      'invalid_bic',
      `${what} ${JSON.stringify(value)} is not a valid BIC`,
      paymentIndex,
    );
  }
  return value.replace(/\s+/g, '').toUpperCase();
}

function sepaName(value: string, what: string, paymentIndex?: number): string {
  const name = toSepaText(value, NAME_MAX);
  if (name === '') throw new PayoutFileError('invalid_name', `${what} is empty`, paymentIndex);
  return name;
}

function checkedDateTime(value: string): string {
  const time = Date.parse(value);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value) || Number.isNaN(time)) {
    throw new PayoutFileError(
      'invalid_date',
      `createdAt ${JSON.stringify(value)} is not an ISO 8601 date-time`,
    );
  }
  // Whole seconds in UTC: every bank reads that form of xs:dateTime.
  return new Date(time).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function checkedDate(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
  if (!date || date.toISOString().slice(0, 10) !== value) {
    throw new PayoutFileError(
      'invalid_date',
      `requestedExecutionDate ${JSON.stringify(value)} is not a calendar date YYYY-MM-DD`,
    );
  }
  return value;
}

const XML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Escaped although the SEPA set leaves only ' to escape: the escaping must not depend on the cleaning. */
function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c);
}

/** An XML element: text content, or child elements. Empty children (optional parts left out) are skipped. */
type Node = {
  tag: string;
  attrs?: Readonly<Record<string, string>>;
  content: string | readonly (Node | null)[];
};

const el = (tag: string, content: Node['content'], attrs?: Node['attrs']): Node => ({ tag, content, attrs });

function render(node: Node, depth: number): string {
  const pad = '  '.repeat(depth);
  const attrs = Object.entries(node.attrs ?? {})
    .map(([name, value]) => ` ${name}="${escapeXml(value)}"`)
    .join('');
  if (typeof node.content === 'string')
    return `${pad}<${node.tag}${attrs}>${escapeXml(node.content)}</${node.tag}>`;
  const children = node.content.filter((child): child is Node => child !== null);
  return [
    `${pad}<${node.tag}${attrs}>`,
    ...children.map((c) => render(c, depth + 1)),
    `${pad}</${node.tag}>`,
  ].join('\n');
}

/** A financial institution by BIC or, without one, as the guidelines' NOTPROVIDED. */
const debtorAgent = (bic: string | undefined): Node =>
  el('DbtrAgt', [
    el('FinInstnId', [bic === undefined ? el('Othr', [el('Id', 'NOTPROVIDED')]) : el('BICFI', bic)]),
  ]);

/**
 * The pain.001.001.09 document for `batch`, as UTF-8 XML text, one payment information block paid from the
 * debtor's account on the requested date. Throws PayoutFileError for an empty batch, a currency other than EUR,
 * an amount that is not whole cents in range, an invalid IBAN or BIC, a bad or repeated identifier, a bad date or
 * an empty name. Free text is transliterated into the SEPA set (see payout-file-sepa-text.ts).
 */
export function buildSepaCreditTransfer(batch: SepaBatch): string {
  if (batch.payments.length === 0) throw new PayoutFileError('empty_batch', 'the batch has no payment');
  const messageId = checkedId(batch.messageId, 'messageId');
  const createdAt = checkedDateTime(batch.createdAt);
  const executionDate = checkedDate(batch.requestedExecutionDate);
  const debtorName = sepaName(batch.debtor.name, "The debtor's name");
  const debtorIban = checkedIban(batch.debtor.iban, "The debtor's IBAN");
  const debtorBic = checkedBic(batch.debtor.bic, "The debtor's BIC");

  const seen = new Set<string>();
  let total = 0n;
  const transactions = batch.payments.map((payment, i): Node => {
    if (payment.currency !== 'EUR') {
      throw new PayoutFileError(
        'unsupported_currency',
        `a SEPA credit transfer is in EUR only, not ${JSON.stringify(payment.currency)}`,
        i,
      );
    }
    const endToEndId = checkedId(payment.endToEndId, 'endToEndId', i);
    if (seen.has(endToEndId)) {
      throw new PayoutFileError(
        'duplicate_identifier',
        `endToEndId ${endToEndId} is used twice in the batch`,
        i,
      );
    }
    seen.add(endToEndId);
    const cents = checkedCents(payment.amountCents, i);
    total += BigInt(cents);
    const bic = checkedBic(payment.creditorBic, "The creditor's BIC", i);
    const remittance = toSepaText(payment.remittance, REMITTANCE_MAX);
    return el('CdtTrfTxInf', [
      el('PmtId', [el('EndToEndId', endToEndId)]),
      el('Amt', [el('InstdAmt', formatCents(cents), { Ccy: 'EUR' })]),
      // The guidelines allow the creditor's agent only as a BIC: without one the element is left out.
      bic === undefined ? null : el('CdtrAgt', [el('FinInstnId', [el('BICFI', bic)])]),
      el('Cdtr', [el('Nm', sepaName(payment.creditorName, "The creditor's name", i))]),
      el('CdtrAcct', [el('Id', [el('IBAN', checkedIban(payment.creditorIban, "The creditor's IBAN", i))])]),
      remittance === '' ? null : el('RmtInf', [el('Ustrd', remittance)]),
    ]);
  });

  const count = String(batch.payments.length);
  const controlSum = formatCents(total);
  const document = el(
    'Document',
    [
      el('CstmrCdtTrfInitn', [
        el('GrpHdr', [
          el('MsgId', messageId),
          el('CreDtTm', createdAt),
          el('NbOfTxs', count),
          el('CtrlSum', controlSum),
          el('InitgPty', [el('Nm', debtorName)]),
        ]),
        el('PmtInf', [
          // One block per file, so the file's identifier serves for the block too.
          el('PmtInfId', messageId),
          el('PmtMtd', 'TRF'),
          el('NbOfTxs', count),
          el('CtrlSum', controlSum),
          el('PmtTpInf', [el('SvcLvl', [el('Cd', 'SEPA')])]),
          el('ReqdExctnDt', [el('Dt', executionDate)]),
          el('Dbtr', [el('Nm', debtorName)]),
          el('DbtrAcct', [el('Id', [el('IBAN', debtorIban)])]),
          debtorAgent(debtorBic),
          // Each side pays its own bank's charges: the only option SEPA allows.
          el('ChrgBr', 'SLEV'),
          ...transactions,
        ]),
      ]),
    ],
    { xmlns: PAIN_001_NAMESPACE },
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n${render(document, 0)}\n`;
}
