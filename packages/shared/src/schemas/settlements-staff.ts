/**
 * Settling consigned lots and paying consignors in the back office (issue 27, decision 087): which lots are due,
 * which are held and why, the settlement run, payout batches and their bank files, advances and statements.
 * Money is integer cents. Staff read a consignor's balance as owed to them (positive), the journal's sign negated.
 */
import { z } from 'zod';
import { MAX_BID_CENTS } from '../bidding/limits.ts';
import { ENTRY_KINDS } from '../consignments/ledger-postings.ts';
import { LOT_OUTCOMES } from '../consignments/settlement.ts';
import { PAYOUT_METHODS } from './consignors-staff.ts';
import { pageQuerySchema, pagedMetaSchema } from './common.ts';
import { textField, calendarDay } from './text.ts';

export const adminSettlementMessages = {
  idInvalid: 'Not a valid id',
  consignorNotFound: 'No such consignor',
  batchNotFound: 'No such payout batch',
  settled: 'Settlement run',
  nothingToPay: 'Nothing to pay: no consignor has a balance that can be paid now',
  batchCreated: 'Payout batch created',
  batchPaid: 'Payout batch marked paid',
  batchAlreadyPaid: 'This payout batch is already paid',
  batchCancelled: 'Payout batch cancelled',
  batchNotCancellable: 'Only a batch not yet paid can be cancelled',
  batchIsCancelled: 'This payout batch is cancelled',
  advanceRecorded: 'Advance recorded',
  amountInvalid: 'Enter an amount in whole cents, from 0.01 up to 10,000,000.00',
  noteMax: 'The note should have at most 200 characters',
  dateInvalid: 'Use a date as YYYY-MM-DD',
  periodInvalid: 'The end of the period must be after its start',
  sepaCurrency: 'A SEPA file pays euros only: export this batch as CSV',
  sepaNoDebtor: 'Set the house’s paying account (IBAN) in Settings before exporting a SEPA file',
  sepaNotIban: 'has no IBAN: export this batch as CSV',
  payoutDetailsMissing: 'has no payout details any more',
  consignorHeld: 'cannot be paid now',
  itemsMax: 'Settle at most 1,000 lots at once',
  consignorsMax: 'Pay at most 1,000 consignors in one batch',
  // Stripe Connect transfers (decision 088).
  transfersSent: 'Stripe transfers sent',
  noStripePayments: 'This batch has no Stripe payment to send',
  stripeConnectOff: 'Stripe Connect payouts are off: turn them on in Settings (the Stripe keys must be set)',
  transfersNotDone:
    'Every Stripe payment must be transferred before the batch is marked paid: send the transfers',
  batchHasTransfers: 'Stripe transfers were sent from this batch: it cannot be cancelled',
  noBankPayments: 'Every payment of this batch goes by Stripe: there is no bank file to download',
} as const;
const m = adminSettlementMessages;

/** Why a consigned lot is not due yet, or not settled at all. */
export const SETTLEMENT_HELD_REASONS = [
  'sale_open',
  'buyer_not_paid',
  'holding_period',
  'partially_refunded',
  'order_cancelled',
  'refunded',
] as const;
export type SettlementHeldReason = (typeof SETTLEMENT_HELD_REASONS)[number];

/** Why a consignor's balance cannot be paid now. */
export const PAYOUT_HELD_REASONS = [
  'identity_not_checked',
  'no_payout_details',
  'archived',
  'stripe_connect_off',
] as const;
export type PayoutHeldReason = (typeof PAYOUT_HELD_REASONS)[number];

/** The words staff read beside a held lot or consignor ("held: identity not checked"). */
export const HELD_REASON_TEXT: Record<SettlementHeldReason | PayoutHeldReason, string> = {
  sale_open: 'held: the sale is not closed yet',
  buyer_not_paid: 'held: buyer not paid in full',
  holding_period: 'held: holding period',
  partially_refunded: 'held: partly refunded, check before settling',
  order_cancelled: 'held: the buyer’s order was cancelled',
  refunded: 'out: refunded before settlement',
  identity_not_checked: 'held: identity not checked',
  no_payout_details: 'held: no payout details',
  archived: 'held: consignor archived',
  stripe_connect_off: 'held: Stripe Connect payouts are off',
};

export const SETTLEMENT_STATUSES = ['due', 'held', 'settled'] as const;
export type SettlementStatus = (typeof SETTLEMENT_STATUSES)[number];

const uuid = z.uuid(m.idInvalid);

export const adminSettlementListQuerySchema = z.object({
  status: z.enum(SETTLEMENT_STATUSES).default('due'),
  consignorId: uuid.optional(),
  saleId: uuid.optional(),
});
export type AdminSettlementListQuery = z.infer<typeof adminSettlementListQuerySchema>;

export const adminSettlementRowSchema = z
  .object({
    itemId: textField(),
    lotId: textField(),
    lotNumber: z.number().int(),
    saleId: textField(),
    saleTitle: textField(),
    rugTitle: textField(),
    consignorId: textField(),
    consignorName: textField(),
    consignmentNumber: textField(),
    outcome: z.enum(LOT_OUTCOMES),
    hammerCents: z.number().int(),
    orderId: textField().nullable(),
    status: z.enum(SETTLEMENT_STATUSES),
    heldReason: z.enum(SETTLEMENT_HELD_REASONS).nullable(),
    heldText: textField().nullable(),
    /** When the holding period ends (held for it), or ended. */
    dueAt: textField().nullable(),
    settledAt: textField().nullable(),
    /** What the consignor is credited (negative: owes), once settled. */
    netCents: z.number().int().nullable(),
    reversedAt: textField().nullable(),
    /** When the buyer's order was paid in full (ISO, UTC); null for an unsold lot or an order not paid. */
    paidAt: textField().nullable(),
    /**
     * What settling now would credit the consignor (negative: owes), by the same `settleLot` the run posts with;
     * null once settled (see `netCents`) and for a lot that will not settle as sold (cancelled or refunded order).
     */
    estimatedNetCents: z.number().int().nullable(),
  })
  .meta({ id: 'AdminSettlementRow' });
export type AdminSettlementRow = z.infer<typeof adminSettlementRowSchema>;

export const adminSettlementListResponseSchema = z
  .object({
    data: z.array(adminSettlementRowSchema),
    /** `currency`: the house's, which every amount of the list is in (cents). */
    meta: z.object({ total: z.number().int(), currency: textField() }),
  })
  .meta({ id: 'AdminSettlementList' });

/** Settle everything due (no body, or `{}`), or only these consigned lots (each still only when due). */
export const adminSettlementRunSchema = z
  .preprocess(
    (v) => v ?? {},
    z
      .object({
        items: z
          .array(z.object({ itemId: uuid, lotId: uuid }).strict())
          .min(1)
          .max(1000, m.itemsMax)
          .optional(),
      })
      .strict(),
  )
  .meta({ id: 'AdminSettlementRun' });
export type AdminSettlementRun = z.infer<typeof adminSettlementRunSchema>;

export const adminSettlementRunResultSchema = z
  .object({
    settled: z.number().int(),
    reversed: z.number().int(),
    entries: z.number().int(),
  })
  .meta({ id: 'AdminSettlementRunResult' });
export type AdminSettlementRunResult = z.infer<typeof adminSettlementRunResultSchema>;
export const adminSettlementRunResponseSchema = z
  .object({ message: textField(), data: adminSettlementRunResultSchema })
  .meta({ id: 'AdminSettlementRunResponse' });

// ---- What each consignor is owed, and whether it can be paid --------------------------------------------------

export const adminPayableSchema = z
  .object({
    consignorId: textField(),
    consignorName: textField(),
    /** Owed to the consignor (positive), or owed by them (negative: a debit carried). */
    balanceCents: z.number().int(),
    /** What a batch would pay now: the balance when positive and nothing holds it, else 0. */
    payableCents: z.number().int(),
    heldReason: z.enum(PAYOUT_HELD_REASONS).nullable(),
    heldText: textField().nullable(),
    payoutMethod: z.enum(PAYOUT_METHODS),
    payoutMasked: textField().nullable(),
  })
  .meta({ id: 'AdminPayable' });
export type AdminPayable = z.infer<typeof adminPayableSchema>;
export const adminPayableListResponseSchema = z
  .object({ data: z.array(adminPayableSchema), meta: z.object({ currency: textField() }) })
  .meta({ id: 'AdminPayableList' });

// ---- Payout batches ----------------------------------------------------------------------------------------------

export const PAYOUT_BATCH_STATUSES = ['created', 'exported', 'paid', 'cancelled'] as const;
export const PAYOUT_FILE_FORMATS = ['sepa', 'csv'] as const;
export type PayoutFileFormat = (typeof PAYOUT_FILE_FORMATS)[number];

export const adminPayoutBatchCreateSchema = z
  .preprocess(
    (v) => v ?? {},
    z.object({ consignorIds: z.array(uuid).min(1).max(1000, m.consignorsMax).optional() }).strict(),
  )
  .meta({ id: 'AdminPayoutBatchCreate' });
export type AdminPayoutBatchCreate = z.infer<typeof adminPayoutBatchCreateSchema>;

export const adminPayoutBatchListQuerySchema = pageQuerySchema.extend({
  status: z.enum(PAYOUT_BATCH_STATUSES).optional(),
});
export type AdminPayoutBatchListQuery = z.infer<typeof adminPayoutBatchListQuerySchema>;

export const adminPayoutFileQuerySchema = z.object({
  format: z.enum(PAYOUT_FILE_FORMATS).default('sepa'),
  /** The day the bank should pay (SEPA); default today. */
  executionDate: calendarDay(m.dateInvalid).optional(),
});

const personRef = z.object({ id: textField(), name: textField() });

export const adminPayoutBatchSummarySchema = z
  .object({
    id: textField(),
    number: textField(),
    status: z.enum(PAYOUT_BATCH_STATUSES),
    currency: textField(),
    fileKind: z.enum(PAYOUT_FILE_FORMATS).nullable(),
    totalCents: z.number().int(),
    payments: z.number().int(),
    createdAt: textField(),
    createdBy: personRef.nullable(),
    exportedAt: textField().nullable(),
    paidAt: textField().nullable(),
    cancelledAt: textField().nullable(),
  })
  .meta({ id: 'AdminPayoutBatchSummary' });

/** How a payment of a batch is made: in the bank file, or as a Stripe Connect transfer (decision 088). */
export const PAYOUT_ITEM_METHODS = ['bank', 'stripe'] as const;
/**
 * A Stripe payment's state: `not_sent`; `pending` (sent, Stripe's answer not known for certain: send again, under the
 * same Idempotency-Key); `succeeded` (the transfer id is known); `failed` (Stripe refused: the reason, then retry).
 */
export const TRANSFER_STATUSES = ['not_sent', 'pending', 'succeeded', 'failed'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];
/** Why Stripe refused a transfer, as staff read it (Stripe's own words are kept beside it). */
export const TRANSFER_FAILURE_REASONS = [
  'account_not_found',
  'account_cannot_receive',
  'insufficient_balance',
  'no_stripe_account',
  'refused',
] as const;
export type TransferFailureReason = (typeof TRANSFER_FAILURE_REASONS)[number];
export const TRANSFER_FAILURE_TEXT: Record<TransferFailureReason, string> = {
  account_not_found: 'Stripe does not know this connected account, or it is not connected to the house',
  account_cannot_receive: 'This Stripe account cannot receive transfers yet',
  insufficient_balance: 'The house’s Stripe balance is too low for this transfer',
  no_stripe_account: 'The consignor has no Stripe account any more',
  refused: 'Stripe refused the transfer',
};

export const adminPayoutTransferSchema = z
  .object({
    status: z.enum(TRANSFER_STATUSES),
    /** Attempts made; each refusal opens the next one, under a new Idempotency-Key. */
    attempts: z.number().int(),
    transferId: textField().nullable(),
    failureReason: z.enum(TRANSFER_FAILURE_REASONS).nullable(),
    failureText: textField().nullable(),
    /** Stripe's own words about the refusal (English), for staff. */
    stripeMessage: textField().nullable(),
    at: textField().nullable(),
  })
  .meta({ id: 'AdminPayoutTransfer' });
export type AdminPayoutTransfer = z.infer<typeof adminPayoutTransferSchema>;

export const adminPayoutBatchSchema = adminPayoutBatchSummarySchema
  .extend({
    items: z.array(
      z.object({
        id: textField(),
        consignorId: textField(),
        consignorName: textField(),
        amountCents: z.number().int(),
        endToEndId: textField(),
        payoutMethod: z.enum(PAYOUT_METHODS),
        payoutMasked: textField().nullable(),
        method: z.enum(PAYOUT_ITEM_METHODS),
        /** A Stripe payment's transfer; null for a bank payment. */
        transfer: adminPayoutTransferSchema.nullable(),
      }),
    ),
  })
  .meta({ id: 'AdminPayoutBatch' });
export type AdminPayoutBatch = z.infer<typeof adminPayoutBatchSchema>;
export type AdminPayoutBatchSummary = z.infer<typeof adminPayoutBatchSummarySchema>;

export const adminPayoutBatchListResponseSchema = z
  .object({ data: z.array(adminPayoutBatchSummarySchema), meta: pagedMetaSchema })
  .meta({ id: 'AdminPayoutBatchList' });
export const adminPayoutBatchResponseSchema = z
  .object({ data: adminPayoutBatchSchema })
  .meta({ id: 'AdminPayoutBatchResponse' });
export const adminPayoutBatchSavedResponseSchema = z
  .object({ message: textField(), data: adminPayoutBatchSchema })
  .meta({ id: 'AdminPayoutBatchSaved' });
/** What one send did: transfers made now or before, refused, and not known for certain (send again). */
export const adminPayoutTransfersSentResponseSchema = z
  .object({
    message: textField(),
    data: adminPayoutBatchSchema,
    sent: z.object({
      succeeded: z.number().int(),
      failed: z.number().int(),
      pending: z.number().int(),
    }),
  })
  .meta({ id: 'AdminPayoutTransfersSent' });

// ---- Advances and statements -------------------------------------------------------------------------------------

export const adminAdvanceCreateSchema = z
  .object({
    amountCents: z
      .number({ error: m.amountInvalid })
      .int(m.amountInvalid)
      .min(1, m.amountInvalid)
      .max(MAX_BID_CENTS, m.amountInvalid),
    note: textField().trim().max(200, m.noteMax).optional(),
  })
  .strict()
  .meta({ id: 'AdminAdvanceCreate' });
export type AdminAdvanceCreate = z.infer<typeof adminAdvanceCreateSchema>;

export const adminAdvanceResponseSchema = z
  .object({
    message: textField(),
    data: z.object({
      entryId: textField(),
      consignorId: textField(),
      amountCents: z.number().int(),
      /** Advances paid and not yet recovered from proceeds, this one included. */
      outstandingCents: z.number().int(),
    }),
  })
  .meta({ id: 'AdminAdvanceResponse' });

const day = calendarDay(m.dateInvalid);
/** The period: `from` included, `to` excluded (consecutive statements chain); default the current calendar year. */
export const adminStatementQuerySchema = z
  .object({ from: day.optional(), to: day.optional(), lang: z.string().optional() })
  .refine((q) => !q.from || !q.to || q.from < q.to, { message: m.periodInvalid, path: ['to'] });
export type AdminStatementQuery = z.infer<typeof adminStatementQuerySchema>;

/**
 * Which bank payment a payout line is (or which one a cancelled batch took back): the batch's number and the
 * payment's end-to-end reference, the two a consignor finds on their bank statement.
 */
export const payoutReferenceSchema = z
  .object({ batchNumber: textField(), endToEndId: textField() })
  .meta({ id: 'PayoutReference' });
export type PayoutReference = z.infer<typeof payoutReferenceSchema>;

export const adminStatementSchema = z
  .object({
    consignorId: textField(),
    account: textField(),
    from: textField(),
    to: textField(),
    currency: textField(),
    /** The journal's sign: negative is owed to the consignor. */
    openingCents: z.number().int(),
    closingCents: z.number().int(),
    lines: z.array(
      z.object({
        at: textField(),
        kind: z.enum(ENTRY_KINDS),
        reverses: z.enum(ENTRY_KINDS).optional(),
        lotId: textField().optional(),
        amountCents: z.number().int(),
        balanceCents: z.number().int(),
        /** On a payout and on its reversal by a cancelled batch. */
        payout: payoutReferenceSchema.optional(),
      }),
    ),
  })
  .meta({ id: 'AdminConsignorStatement' });
export type AdminStatement = z.infer<typeof adminStatementSchema>;
export const adminStatementResponseSchema = z
  .object({ data: adminStatementSchema })
  .meta({ id: 'AdminConsignorStatementResponse' });
