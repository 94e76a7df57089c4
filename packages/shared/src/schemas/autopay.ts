/**
 * Autopay (issue 29 §4, decision 096): a buyer's choice to have each auction win or buy-now purchase charged to their
 * saved card a set time after it is invoiced (house setting `autopay`), off-session, with retries when the bank asks
 * for the buyer or declines; the buyer can switch it off (and on again) per order.
 */
import { z } from 'zod';
import { autopayMessages as m } from '../messages/autopay.ts';
import { textField } from './text.ts';

export { autopayMessages } from '../messages/autopay.ts';

const isoTime = textField().meta({ description: 'ISO 8601 UTC time' });

/** How long after the invoice (the order's creation) the card is charged: the Settings choice. */
export const AUTOPAY_DELAYS = [0, 24, 72] as const;
export type AutopayDelayHours = (typeof AUTOPAY_DELAYS)[number];
export const DEFAULT_AUTOPAY_DELAY_HOURS: AutopayDelayHours = 24;

export const autopaySettingsMessages = { delayInvalid: 'Choose at once, 24 hours or 72 hours' } as const;
export const autopaySettingsSchema = z
  .object({
    delayHours: z.literal(AUTOPAY_DELAYS, { error: autopaySettingsMessages.delayInvalid }),
  })
  .strict()
  .meta({ id: 'AutopaySettings' });
export type AutopaySettings = z.infer<typeof autopaySettingsSchema>;
export const DEFAULT_AUTOPAY_SETTINGS: AutopaySettings = { delayHours: DEFAULT_AUTOPAY_DELAY_HOURS };

/** The one body both switches take. */
export const autopaySwitchSchema = z
  .object({ enabled: z.boolean({ error: m.enabledInvalid }) })
  .strict()
  .meta({ id: 'AutopaySwitch' });
export type AutopaySwitch = z.infer<typeof autopaySwitchSchema>;

/** The account's choice; `cardOnFile` false: it cannot be turned on (nor charge) until a card is saved. */
export const autopayPreferenceSchema = z
  .object({
    enabled: z.boolean(),
    cardOnFile: z.boolean(),
    delayHours: z.number().int(),
  })
  .meta({ id: 'AutopayPreference' });
export type AutopayPreference = z.infer<typeof autopayPreferenceSchema>;
export const autopayPreferenceResponseSchema = z
  .object({ message: textField().optional(), data: autopayPreferenceSchema })
  .meta({ id: 'AutopayPreferenceResponse' });

export const AUTOPAY_ATTEMPT_OUTCOMES = [
  'succeeded',
  'requires_action',
  'declined',
  'no_card',
  'no_address',
  'checkout_refused',
] as const;
export type AutopayAttemptOutcome = (typeof AUTOPAY_ATTEMPT_OUTCOMES)[number];

/**
 * Where an order's autopay stands, for the buyer and staff: `unavailable` (not an auction or buy-now order, or no
 * saved card and never scheduled), `off` (switched off), `scheduled` (the first charge on `nextAttemptAt`),
 * `retrying` (an attempt failed; the next on `nextAttemptAt`), `charging`, `paid` (paid, by autopay or otherwise),
 * `failed` (the last retry failed: the buyer pays on the site).
 */
export const AUTOPAY_ORDER_STATES = [
  'unavailable',
  'off',
  'scheduled',
  'retrying',
  'charging',
  'paid',
  'failed',
] as const;
export type AutopayOrderState = (typeof AUTOPAY_ORDER_STATES)[number];

export const autopayAttemptSchema = z
  .object({
    attempt: z.number().int(),
    outcome: z.enum(AUTOPAY_ATTEMPT_OUTCOMES),
    declineCode: textField().nullable(),
    paymentIntentId: textField().nullable(),
    amountCents: z.number().int().nullable(),
    currency: textField().nullable(),
    nextAttemptAt: isoTime.nullable(),
    createdAt: isoTime,
  })
  .meta({ id: 'AutopayAttempt' });
export type AutopayAttempt = z.infer<typeof autopayAttemptSchema>;

export const orderAutopaySchema = z
  .object({
    orderId: textField(),
    state: z.enum(AUTOPAY_ORDER_STATES),
    enabled: z.boolean(),
    /** Whether the buyer may switch it now (unpaid, not being charged, not finished, a card on file to turn it on). */
    canSwitch: z.boolean(),
    nextAttemptAt: isoTime.nullable(),
    attempts: z.array(autopayAttemptSchema),
  })
  .meta({ id: 'OrderAutopay' });
export type OrderAutopay = z.infer<typeof orderAutopaySchema>;
export const orderAutopayResponseSchema = z
  .object({ message: textField().optional(), data: orderAutopaySchema })
  .meta({ id: 'OrderAutopayResponse' });
