/**
 * The staff side of orders (decision 025): list and detail, recording a bank transfer, shipping, delivery,
 * cancellation, refunds, second-chance offers and tax rates, under /api/v1/admin. Amounts are integer cents.
 */
import { z } from 'zod';
import { textField } from './text.ts';
import { ORDER_STATUSES, orderSchema } from './bidding.ts';
import {
  cents,
  isoTime,
  orderDetailSchema,
  PAYMENT_PROVIDERS,
  PAYMENT_REFUSALS,
  paymentBalanceSchema,
  paymentMessages as m,
  shortText,
  TAX_APPLIES_TO,
} from './payments.ts';

const staffCents = z
  .number({ error: m.amountInvalid })
  .int(m.amountInvalid)
  .positive(m.amountPositive)
  .max(10_000_000_000, m.amountInvalid);
const reason = textField({ error: m.reasonRequired }).trim().min(1, m.reasonRequired).max(500, m.reasonMax);

export const adminOrderListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  status: z.enum(ORDER_STATUSES).optional(),
  userId: z.uuid(m.orderIdInvalid).optional(),
  /** Buyer e-mail or name, rug title, or bank-transfer reference. */
  q: textField().trim().max(200).optional(),
  /** Only unpaid orders past their due date. */
  overdue: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
export type AdminOrderListQuery = z.infer<typeof adminOrderListQuerySchema>;

/** A line of staff's order list: the order's own fields (bidding.ts's Order) with its buyer, rug and money. */
export const adminOrderSchema = orderSchema
  .pick({
    id: true,
    kind: true,
    status: true,
    lotId: true,
    itemPrice: true,
    currency: true,
    dueAt: true,
    createdAt: true,
  })
  .extend({
    buyer: z.object({ id: textField(), name: textField(), email: textField() }),
    rug: z.object({ id: textField(), title: textField() }),
    total: cents.nullable(),
    refundedAmount: cents,
    overdue: z.boolean(),
    paidAt: isoTime.nullable(),
    invoiceNumber: textField().nullable(),
    /** Received on its checkout so far, still to pay, and received beyond the total (a credit to refund). */
    paidSoFar: cents,
    balanceDue: cents.nullable(),
    credit: cents,
  })
  .meta({ id: 'AdminOrder' });
export type AdminOrder = z.infer<typeof adminOrderSchema>;

export const adminOrderListResponseSchema = z
  .object({
    data: z.array(adminOrderSchema),
    meta: z.object({
      page: z.number().int(),
      pageSize: z.number().int(),
      total: z.number().int(),
      totalPages: z.number().int(),
    }),
  })
  .meta({ id: 'AdminOrderList' });

export const adminPaymentSchema = z
  .object({
    id: textField(),
    checkoutId: textField(),
    reference: textField(),
    provider: z.enum(PAYMENT_PROVIDERS),
    providerRef: textField(),
    amount: cents,
    currency: textField(),
    status: z.enum(['applied', 'refused']),
    refusal: z.enum(PAYMENT_REFUSALS).nullable(),
    createdAt: isoTime,
  })
  .meta({ id: 'AdminPayment' });

/** A write-off of a shortfall or a refund of an overpayment's credit: appended, never edited (decision 072). */
export const adminPaymentAdjustmentSchema = z
  .object({
    id: textField(),
    checkoutId: textField(),
    kind: z.enum(['write_off', 'credit_refund']),
    amount: cents,
    currency: textField(),
    reason: textField(),
    staffName: textField().nullable(),
    createdAt: isoTime,
  })
  .meta({ id: 'AdminPaymentAdjustment' });

export const adminRefundSchema = z
  .object({
    id: textField(),
    amount: cents,
    currency: textField(),
    provider: z.enum(PAYMENT_PROVIDERS),
    providerRef: textField().nullable(),
    reason: textField().nullable(),
    creditNoteNumber: textField(),
    createdAt: isoTime,
  })
  .meta({ id: 'AdminRefund' });

export const adminOrderDetailResponseSchema = z
  .object({
    data: orderDetailSchema.extend({
      buyer: z.object({ id: textField(), name: textField(), email: textField() }),
      payments: z.array(adminPaymentSchema),
      adjustments: z.array(adminPaymentAdjustmentSchema),
      /** The most staff may write off on this order now (the Settings limit, at most the balance due). */
      writeOffLimit: cents,
      refunds: z.array(adminRefundSchema),
      /** The newest second-chance offer made from this (cancelled) order, if any: its state as it is now. */
      secondChance: z
        .object({
          status: z.enum(['pending', 'accepted', 'declined', 'expired']),
          userId: textField(),
          name: textField(),
          price: cents,
          maxAmount: cents,
          expiresAt: isoTime,
          newOrderId: textField().nullable(),
        })
        .nullable(),
    }),
  })
  .meta({ id: 'AdminOrderDetail' });

export const recordBankTransferSchema = z
  .object({
    reference: textField({ error: 'Give the payment reference (KW-XXXXXX)' })
      .trim()
      .toUpperCase()
      .regex(/^KW-[0-9A-Z]{6}$/, 'Give the payment reference (KW-XXXXXX)'),
    amount: staffCents,
    currency: textField({ error: m.currencyInvalid })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, m.currencyInvalid),
    /**
     * The bank's id of the transfer: one record per id (a replay changes nothing). Without it, the request's
     * Idempotency-Key identifies the record; without either, the reference itself (the first transfer only).
     */
    transferId: shortText('Give the transfer id').optional(),
  })
  .strict()
  .meta({ id: 'RecordBankTransfer' });

export const paymentOutcomeResponseSchema = z
  .object({
    message: textField(),
    data: z.object({
      /** paid: the balance reached zero (invoice issued); partial: some is still due; credit: nothing more was due. */
      outcome: z.enum(['paid', 'partial', 'credit', 'duplicate', 'refused']),
      paymentId: textField(),
      checkoutId: textField(),
      invoiceNumber: textField().nullable(),
      refusal: z.enum(PAYMENT_REFUSALS).nullable(),
      balance: paymentBalanceSchema.nullable(),
    }),
  })
  .meta({ id: 'PaymentOutcome' });

export const shipOrderSchema = z
  .object({ carrier: shortText(m.carrierRequired), trackingNumber: shortText(m.trackingRequired) })
  .strict()
  .meta({ id: 'ShipOrder' });
export const cancelOrderSchema = z.object({ reason }).strict().meta({ id: 'CancelOrder' });
export const refundOrderSchema = z
  .object({ amount: staffCents, reason })
  .strict()
  .meta({ id: 'RefundOrder' });
/** Accounts staff settle a small shortfall (up to the limit in Settings), with the reason kept in the audit. */
export const writeOffSchema = z.object({ amount: staffCents, reason }).strict().meta({ id: 'WriteOff' });
export type WriteOffInput = z.infer<typeof writeOffSchema>;
/** An overpayment's credit sent back to the buyer from the bank. */
export const refundCreditSchema = z
  .object({ amount: staffCents, reason })
  .strict()
  .meta({ id: 'RefundCredit' });
export const paymentBalanceResponseSchema = z
  .object({
    message: textField(),
    data: z.object({ balance: paymentBalanceSchema, invoiceNumber: textField().nullable() }),
  })
  .meta({ id: 'PaymentBalanceResponse' });
export const optionalNoteSchema = z
  .preprocess((v) => v ?? {}, z.object({ reason: reason.optional() }).strict())
  .meta({ id: 'OptionalNote' });

export const adminOrderActionResponseSchema = z
  .object({ message: textField(), data: orderDetailSchema })
  .meta({ id: 'AdminOrderAction' });

export const secondChanceCreateSchema = z
  .preprocess(
    (v) => v ?? {},
    z
      .object({
        /** The hammer price offered; defaults to the underbidder's maximum bid, never above it. */
        price: staffCents.optional(),
        reason: reason.optional(),
      })
      .strict(),
  )
  .meta({ id: 'SecondChanceCreate' });

export const secondChanceCreatedResponseSchema = z
  .object({
    message: textField(),
    data: z.object({
      offerId: textField(),
      userId: textField(),
      price: cents,
      maxAmount: cents,
      expiresAt: isoTime,
    }),
  })
  .meta({ id: 'SecondChanceCreated' });

export const taxRateInputSchema = z
  .object({
    country: textField()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, 'Give a two-letter country code'),
    state: textField().trim().toUpperCase().min(1).max(10).nullable().optional(),
    rateBp: z.number({ error: 'Give the rate in basis points (2000 = 20%)' }).int().min(0).max(10_000),
    appliesTo: z.enum(TAX_APPLIES_TO),
  })
  .strict()
  .meta({ id: 'TaxRateSet' });
export const taxRateSchema = z
  .object({
    id: textField(),
    country: textField(),
    state: textField().nullable(),
    rateBp: z.number().int(),
    appliesTo: z.enum(TAX_APPLIES_TO),
    updatedAt: isoTime,
  })
  .meta({ id: 'TaxRate' });
export const taxRateListResponseSchema = z
  .object({ data: z.array(taxRateSchema) })
  .meta({ id: 'TaxRateList' });
export const taxRateResponseSchema = z
  .object({ message: textField(), data: taxRateSchema })
  .meta({ id: 'TaxRateResponse' });
