/**
 * Telephone bids in live sales (issue 29 §1, decision 097): a registered bidder books a line for chosen lots, staff
 * assign each booking to an operator, and the operator bids for the bidder on the line at the ask. One schema per
 * body and answer serves the forms, the routes' validation and the OpenAPI document.
 */
import { z } from 'zod';
import { registrationCreateSchema } from './registrations.ts';
import { textField } from './text.ts';
import { telephoneMessages } from '../messages/telephone-bids.ts';

export { telephoneMessages };
const m = telephoneMessages;
const cents = z.number().int().meta({ description: 'Amount in cents' });

/** Settings key `telephone`: lots estimated (low) from `minimumEstimateCents` take bookings, `linesPerLot` each. */
export const telephoneSettingsSchema = z
  .object({
    minimumEstimateCents: z
      .number({ error: 'Enter an estimate of 0 or more, in whole currency units' })
      .int('Enter an estimate of 0 or more, in whole currency units')
      .min(0, 'Enter an estimate of 0 or more, in whole currency units')
      .max(100_000_000_000, 'Enter an estimate of 0 or more, in whole currency units')
      .refine((v) => v % 100 === 0, 'Enter an estimate of 0 or more, in whole currency units'),
    linesPerLot: z
      .number({ error: 'Enter from 1 to 50 lines per lot' })
      .int('Enter from 1 to 50 lines per lot')
      .min(1, 'Enter from 1 to 50 lines per lot')
      .max(50, 'Enter from 1 to 50 lines per lot'),
  })
  .strict()
  .meta({ id: 'TelephoneSettings' });
export type TelephoneSettings = z.infer<typeof telephoneSettingsSchema>;
/** 1,000 in the house's currency, three lines per lot: what a small room can staff. */
export const DEFAULT_TELEPHONE_SETTINGS: TelephoneSettings = {
  minimumEstimateCents: 100_000,
  linesPerLot: 3,
};

/** A phone as the registration form takes it (separators dropped, then 8 to 15 digits), with its messages. */
const phoneField = registrationCreateSchema.shape.phone;

/** POST /rug/upcoming/{id}/telephone: book a line for these lots, called on this phone. */
export const telephoneBookingCreateSchema = z
  .object({
    lotIds: z
      .array(z.uuid({ error: m.lotNotInSale }), { error: m.lotsRequired })
      .min(1, m.lotsRequired)
      .max(50, m.tooManyLots),
    phone: phoneField,
  })
  .strict()
  .meta({ id: 'TelephoneBookingCreate' });
export type TelephoneBookingCreate = z.infer<typeof telephoneBookingCreateSchema>;

export const telephoneBookingParamsSchema = z.object({
  id: textField().min(1).max(200),
  bookingId: z.uuid(m.bookingNotFound),
});

/** One lot of the sale as a bidder choosing lines sees it. */
export const telephoneLotSchema = z
  .object({
    lotId: textField(),
    lotNumber: z.number().int(),
    title: textField(),
    estimateLow: cents,
    estimateHigh: cents,
    /** Lines still free on this lot. */
    linesLeft: z.number().int(),
    /** below: under the house's minimum estimate; started: already offered; full: no line left; open: bookable. */
    availability: z.enum(['open', 'below', 'started', 'full']),
    /** The caller's booking on this lot, if any. */
    bookingId: textField().nullable(),
  })
  .meta({ id: 'TelephoneLot' });
export type TelephoneLot = z.infer<typeof telephoneLotSchema>;

/** GET /rug/upcoming/{id}/telephone: whether the caller may book, the registration's phone, and each lot. */
export const telephoneStandingSchema = z
  .object({
    /** A live sale with lots still to be offered. */
    offered: z.boolean(),
    /** none: not registered; pending/rejected: not approved; approved: may book. */
    registration: z.enum(['none', 'pending', 'approved', 'rejected']),
    paddle: z.number().int().nullable(),
    /** The phone confirmed at registration (the form's default). */
    phone: textField(),
    minimumEstimate: cents,
    lots: z.array(telephoneLotSchema),
  })
  .meta({ id: 'TelephoneStanding' });
export type TelephoneStanding = z.infer<typeof telephoneStandingSchema>;
export const telephoneStandingResponseSchema = z
  .object({ data: telephoneStandingSchema })
  .meta({ id: 'TelephoneStandingResponse' });
export const telephoneStandingSavedSchema = z
  .object({ message: textField(), data: telephoneStandingSchema })
  .meta({ id: 'TelephoneStandingSaved' });

/** GET /rug/telephone?lotId=: the bidder's own lines, one per lot (a live one, else the last cancelled). */
export const myTelephoneQuerySchema = z.object({ lotId: z.uuid({ error: m.lotIdInvalid }).optional() });
export type MyTelephoneQuery = z.infer<typeof myTelephoneQuerySchema>;

/** One of the bidder's telephone lines, as the lot page and My Items show it. */
export const myTelephoneLineSchema = z
  .object({
    /** The booking (the cancel endpoint's `bookingId`). */
    id: textField(),
    auctionId: textField(),
    auctionSlug: textField(),
    auctionTitle: textField(),
    /** When the sale starts, ISO 8601 UTC, if the house set a time. */
    auctionStartsAt: textField().nullable(),
    lotId: textField(),
    lotNumber: z.number().int(),
    title: textField(),
    rugSlug: textField(),
    /** The number the house will call. */
    phone: textField(),
    /** booked: waiting for an operator; assigned: an operator will call; cancelled: by the bidder. */
    state: z.enum(['booked', 'assigned', 'cancelled']),
    /** The lot has been offered (or closed or withdrawn): the line can no longer be cancelled. */
    lotOpened: z.boolean(),
    bookedAt: textField(),
    cancelledAt: textField().nullable(),
  })
  .meta({ id: 'MyTelephoneLine' });
export type MyTelephoneLine = z.infer<typeof myTelephoneLineSchema>;
export const myTelephoneLineListResponseSchema = z
  .object({ data: z.array(myTelephoneLineSchema) })
  .meta({ id: 'MyTelephoneLineList' });

// ---- Staff -----------------------------------------------------------------------------------------------------------

/** One booking as staff see it: the bidder, how to reach them, who calls them, whether the line is ready. */
export const adminTelephoneBookingSchema = z
  .object({
    id: textField(),
    lotId: textField(),
    bidderId: textField(),
    bidderName: textField(),
    paddle: z.number().int(),
    phone: textField(),
    /** The bidder's language (en, fr, ar): the operator who speaks it should call. */
    language: textField(),
    operatorId: textField().nullable(),
    operatorName: textField().nullable(),
    ready: z.boolean(),
    /** The bidder's telephone bid leads the lot on the block now. */
    leading: z.boolean(),
    createdAt: textField(),
  })
  .meta({ id: 'AdminTelephoneBooking' });
export type AdminTelephoneBooking = z.infer<typeof adminTelephoneBookingSchema>;

export const adminTelephoneLotSchema = z
  .object({
    lotId: textField(),
    lotNumber: z.number().int(),
    title: textField(),
    estimateLow: cents,
    estimateHigh: cents,
    /** waiting: not offered yet; live: on the block; done: sold or passed. */
    phase: z.enum(['waiting', 'live', 'done']),
    bookings: z.array(adminTelephoneBookingSchema),
  })
  .meta({ id: 'AdminTelephoneLot' });
export type AdminTelephoneLot = z.infer<typeof adminTelephoneLotSchema>;

export const adminTelephoneSaleSchema = z
  .object({
    auctionId: textField(),
    title: textField(),
    linesPerLot: z.number().int(),
    /** Lots with at least one booking, in lot order. */
    lots: z.array(adminTelephoneLotSchema),
    /** Staff who may take telephone bids (decision 097), to choose from. */
    operators: z.array(z.object({ id: textField(), name: textField(), role: textField() })),
  })
  .meta({ id: 'AdminTelephoneSale' });
export type AdminTelephoneSale = z.infer<typeof adminTelephoneSaleSchema>;
export const adminTelephoneSaleResponseSchema = z
  .object({ data: adminTelephoneSaleSchema })
  .meta({ id: 'AdminTelephoneSaleResponse' });

export const adminTelephoneParamsSchema = z.object({
  id: z.uuid('Invalid id'),
  bookingId: z.uuid(m.bookingNotFound),
});

/** PUT /admin/auctions/{id}/telephone/{bookingId}/operator: who calls this bidder; null takes the booking back. */
export const adminTelephoneAssignSchema = z
  .object({ operatorId: z.uuid(m.operatorInvalid).nullable() })
  .strict()
  .meta({ id: 'AdminTelephoneAssign' });
export type AdminTelephoneAssign = z.infer<typeof adminTelephoneAssignSchema>;
export const adminTelephoneSavedSchema = z
  .object({ message: textField(), data: adminTelephoneSaleSchema })
  .meta({ id: 'AdminTelephoneSaved' });

/** GET /admin/telephone/{id}: the operator's own lines in a sale, by lot. The live state comes from the room's view. */
export const operatorDeskSchema = z
  .object({
    auctionId: textField(),
    slug: textField(),
    title: textField(),
    lots: z.array(adminTelephoneLotSchema),
  })
  .meta({ id: 'OperatorDesk' });
export type OperatorDesk = z.infer<typeof operatorDeskSchema>;
export const operatorDeskResponseSchema = z
  .object({ data: operatorDeskSchema })
  .meta({ id: 'OperatorDeskResponse' });

/** POST /admin/telephone/{id}/ready: the operator has their bidders on the line for this lot (or no longer). */
export const operatorReadySchema = z
  .object({ lotId: z.uuid(m.lotNotInSale), ready: z.boolean() })
  .strict()
  .meta({ id: 'OperatorReady' });
export type OperatorReady = z.infer<typeof operatorReadySchema>;

/** POST /admin/telephone/{id}/bids: bid the ask the operator saw for the bidder of this booking. */
export const operatorBidSchema = z
  .object({
    bookingId: z.uuid(m.bookingNotFound),
    lotId: z.uuid(m.lotNotInSale),
    ask: z.number({ error: 'The asking price is missing' }).int().positive(),
  })
  .strict()
  .meta({ id: 'OperatorBid' });
export type OperatorBid = z.infer<typeof operatorBidSchema>;
