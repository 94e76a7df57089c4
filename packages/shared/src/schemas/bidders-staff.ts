/** One bidder as staff see them (issue 11): their bids, wins, orders and the staff's notes. */
import { z } from 'zod';
import { adminUserSchema } from './sales-staff.ts';
import { textField } from './text.ts';

export const adminBidderMessages = {
  noteRequired: 'Write the note (1 to 2,000 characters)',
  noteAdded: 'Note added',
  limitInvalid: 'Enter a limit of 0 or more, in whole currency units',
  limitNoteTooLong: 'Keep the note under 500 characters',
  limitSet: 'Bidding limit saved',
  limitCleared: 'Bidding limit removed',
} as const;

/**
 * PUT /admin/users/{id}/limit (decision 090): the most the bidder may commit (leading maxima on open lots and won,
 * unpaid lots), in cents, or null for no limit. A limit below what is committed refuses new bids, undoes nothing.
 */
export const adminBidderLimitBodySchema = z
  .object({
    limitCents: z
      .number({ error: adminBidderMessages.limitInvalid })
      .int(adminBidderMessages.limitInvalid)
      .min(0, adminBidderMessages.limitInvalid)
      .max(100_000_000_000, adminBidderMessages.limitInvalid)
      .multipleOf(100, adminBidderMessages.limitInvalid)
      .nullable(),
    note: textField().trim().max(500, adminBidderMessages.limitNoteTooLong).default(''),
  })
  .strict()
  .meta({ id: 'AdminBidderLimitBody' });
export type AdminBidderLimitBody = z.infer<typeof adminBidderLimitBodySchema>;

/** A bidder's limit as staff see it, with what they have committed now. */
export const adminBidderLimitSchema = z
  .object({
    limitCents: z.number().int().nullable(),
    note: textField(),
    setAt: textField().nullable(),
    setBy: textField().nullable(),
    /** Leading maxima on open lots plus won and unpaid lots, in cents (exposure.ts). */
    exposureCents: z.number().int(),
  })
  .meta({ id: 'AdminBidderLimit' });
export type AdminBidderLimit = z.infer<typeof adminBidderLimitSchema>;
export const adminBidderLimitResponseSchema = z
  .object({ message: textField(), data: adminBidderLimitSchema })
  .meta({ id: 'AdminBidderLimitResponse' });

export const adminBidderNoteCreateSchema = z
  .object({
    body: textField({ error: adminBidderMessages.noteRequired })
      .trim()
      .min(1, adminBidderMessages.noteRequired)
      .max(2000, adminBidderMessages.noteRequired),
  })
  .strict()
  .meta({ id: 'AdminBidderNoteCreate' });

export const adminBidderNoteSchema = z
  .object({
    id: textField(),
    body: textField(),
    staffName: textField().nullable(),
    createdAt: textField(),
  })
  .meta({ id: 'AdminBidderNote' });

/** One of the bidder's bids (their maximum), with the lot it was placed on and whether they lead or won it. */
export const adminBidderBidSchema = z.object({
  id: textField(),
  lotId: textField(),
  auctionId: textField(),
  lotNumber: z.number().int(),
  rugTitle: textField(),
  maxAmount: z.number().int(),
  status: z.enum(['accepted', 'voided']),
  lotStatus: z.enum(['scheduled', 'open', 'closed', 'withdrawn']),
  leading: z.boolean(),
  won: z.boolean(),
  createdAt: textField(),
});

export const adminBidderOrderSchema = z.object({
  id: textField(),
  rugTitle: textField(),
  kind: textField(),
  status: textField(),
  itemPrice: z.number().int(),
  currency: textField(),
  createdAt: textField(),
});

export const adminBidderDetailSchema = z
  .object({
    user: adminUserSchema.extend({ createdAt: textField() }),
    counts: z.object({
      bids: z.number().int(),
      lotsBidOn: z.number().int(),
      wins: z.number().int(),
      orders: z.number().int(),
    }),
    /** The 50 newest. */
    bids: z.array(adminBidderBidSchema),
    orders: z.array(adminBidderOrderSchema),
    notes: z.array(adminBidderNoteSchema),
    limit: adminBidderLimitSchema,
  })
  .meta({ id: 'AdminBidderDetail' });
export type AdminBidderDetail = z.infer<typeof adminBidderDetailSchema>;

export const adminBidderDetailResponseSchema = z
  .object({ data: adminBidderDetailSchema })
  .meta({ id: 'AdminBidderDetailResponse' });
export const adminBidderNoteResponseSchema = z
  .object({ message: textField(), data: adminBidderNoteSchema })
  .meta({ id: 'AdminBidderNoteResponse' });
