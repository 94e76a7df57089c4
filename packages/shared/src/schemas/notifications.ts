import { z } from 'zod';
import { textField, hasNoNul } from './text.ts';
import { validationMessages as m } from '../messages/validation.ts';

export const unreadCountResponseSchema = z
  .object({ count: z.number().int().min(0) })
  .meta({ id: 'UnreadCount' });
export type UnreadCountResponse = z.infer<typeof unreadCountResponseSchema>;

/**
 * POST /notification/token. SPEC.md names the field `token`; with the standard Push API the token is the
 * PushSubscription (endpoint + keys), sent as its JSON string or object.
 */
export const pushSubscriptionSchema = z.object({
  endpoint: z.url().refine(hasNoNul, m.textNul).max(2048),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: textField().min(1).max(512), auth: textField().min(1).max(512) }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

/** A PushSubscription as an object or its JSON string. */
const pushTokenField = () =>
  z.preprocess(
    (v) => {
      if (typeof v !== 'string') return v;
      try {
        return JSON.parse(v) as unknown;
      } catch {
        return v;
      }
    },
    z
      .unknown()
      .refine((v) => v !== undefined && v !== null && v !== '', m.pushTokenRequired)
      .pipe(pushSubscriptionSchema),
  );

export const pushTokenSchema = z.object({ token: pushTokenField() }).meta({ id: 'PushTokenRequest' });

/**
 * POST /notification/token/renew, from the service worker on `pushsubscriptionchange`: it has no session, so
 * it names the old subscription by its endpoint and proves it with that subscription's auth secret.
 */
export const pushRenewSchema = z
  .object({
    oldEndpoint: z.url().refine(hasNoNul, m.textNul).max(2048),
    oldAuth: textField().min(1).max(512),
    token: pushTokenField(),
  })
  .meta({ id: 'PushRenewRequest' });
export type PushRenewInput = z.infer<typeof pushRenewSchema>;

export const vapidKeyResponseSchema = z.object({ publicKey: textField() }).meta({ id: 'VapidPublicKey' });

/**
 * What a notification is about. `outbid`, `won`, `lost`, `unsold`, `watched_lot_open`, `ending_soon` and
 * `order_created` come from the auction engine and its jobs; `lot_withdrawn` and `bid_voided` from staff
 * corrections; `payment_reminder` from the payment jobs; `saved_search_match` from the saved-search alerts.
 */
export const notificationTypes = [
  'outbid',
  'won',
  'lost',
  'unsold',
  'watched_lot_open',
  'ending_soon',
  'order_created',
  'lot_withdrawn',
  'bid_voided',
  'payment_reminder',
  'saved_search_match',
  /** A registration to bid approved or rejected (issue 28 §1): the house's rules or staff. */
  'registration_decided',
  /** An identity check approved or refused (issue 28 §3): staff's review. */
  'identity_check',
  /** Bidding blocked for unpaid orders (issue 28 §4): the strikes job. */
  'bidding_blocked',
  /** An autopay charge the bank wants the buyer for, or declined (issue 29 §4): pay on the site. */
  'autopay_failed',
  /** A condition report the collector asked for is ready, or was corrected (issue 29 §2). */
  'condition_report',
] as const;
export const notificationTypeSchema = z.enum(notificationTypes);
export type NotificationType = z.infer<typeof notificationTypeSchema>;

export const notificationSchema = z
  .object({
    id: textField(),
    type: notificationTypeSchema,
    title: textField(),
    body: textField(),
    /** A web path (e.g. /rugs-details-live/<rugId>, /my-items), or null. */
    link: textField().nullable(),
    /** Machine-readable details: lotId, rugId, auctionId, amounts in cents, orderId. */
    data: z.record(textField(), z.unknown()),
    read: z.boolean(),
    createdAt: textField(),
  })
  .meta({ id: 'Notification' });
export type ApiNotification = z.infer<typeof notificationSchema>;

export const notificationListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;

export const notificationListResponseSchema = z
  .object({
    data: z.array(notificationSchema),
    meta: z.object({
      page: z.number().int(),
      pageSize: z.number().int(),
      total: z.number().int(),
      totalPages: z.number().int(),
    }),
    unreadCount: z.number().int().min(0),
  })
  .meta({ id: 'NotificationList' });
export type NotificationListResponse = z.infer<typeof notificationListResponseSchema>;

/** Messages of the notification endpoints (kept here: this module owns them). */
export const notificationMessages = {
  idsRequired: 'Send the ids of the notifications to mark as read, or all: true',
  idInvalid: 'Each notification id must be a valid id',
  markedRead: 'Notifications marked as read',
} as const;

/** POST /notification/read: `{ ids: [...] }` marks those of mine; `{ all: true }` marks every one of mine. */
export const notificationReadRequestSchema = z
  .union(
    [
      z
        .object({
          ids: z
            .array(z.uuid(notificationMessages.idInvalid))
            .min(1, notificationMessages.idsRequired)
            .max(500),
        })
        .strict(),
      z.object({ all: z.literal(true) }).strict(),
    ],
    { error: notificationMessages.idsRequired },
  )
  .meta({ id: 'NotificationReadRequest' });
export type NotificationReadRequest = z.infer<typeof notificationReadRequestSchema>;

export const notificationReadResponseSchema = z
  .object({ message: textField(), unreadCount: z.number().int().min(0) })
  .meta({ id: 'NotificationReadResponse' });
