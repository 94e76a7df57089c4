import { z } from 'zod';
import type { NotificationType } from './notifications.ts';

/**
 * What a collector can turn on and off (issue 24.5, decision 075): each kind of news, per channel. A kind groups
 * the notification types (and the e-mails) that say the same sort of thing, so the settings page stays short.
 */
export const notificationKinds = [
  'outbid',
  'lot_opening',
  'ending_soon',
  'results',
  'orders',
  'saved_searches',
  'messages',
] as const;
export const notificationKindSchema = z.enum(notificationKinds);
export type NotificationKind = z.infer<typeof notificationKindSchema>;

export const notificationChannels = ['email', 'push', 'inApp'] as const;
export type NotificationChannel = (typeof notificationChannels)[number];

/** The channels a kind is sent on: replies from the house are e-mails only (no bell or push notice exists for them). */
export const kindChannels: Record<NotificationKind, readonly NotificationChannel[]> = {
  outbid: notificationChannels,
  lot_opening: notificationChannels,
  ending_soon: notificationChannels,
  results: notificationChannels,
  orders: notificationChannels,
  saved_searches: notificationChannels,
  messages: ['email'],
};

/** The kind each notification type belongs to. */
export const notificationKindOfType: Record<NotificationType, NotificationKind> = {
  outbid: 'outbid',
  watched_lot_open: 'lot_opening',
  ending_soon: 'ending_soon',
  won: 'results',
  lost: 'results',
  unsold: 'results',
  lot_withdrawn: 'results',
  bid_voided: 'results',
  order_created: 'orders',
  payment_reminder: 'orders',
  registration_decided: 'results',
  identity_check: 'orders',
  bidding_blocked: 'orders',
  autopay_failed: 'orders',
  condition_report: 'results',
  saved_search_match: 'saved_searches',
};

const channelSettingsSchema = z
  .object({ email: z.boolean(), push: z.boolean(), inApp: z.boolean() })
  .strict();
export type ChannelSettings = z.infer<typeof channelSettingsSchema>;

/** Every kind with its three switches (a channel a kind does not use is kept but has no effect). */
export const notificationSettingsSchema = z
  .object({
    outbid: channelSettingsSchema,
    lot_opening: channelSettingsSchema,
    ending_soon: channelSettingsSchema,
    results: channelSettingsSchema,
    orders: channelSettingsSchema,
    saved_searches: channelSettingsSchema,
    messages: channelSettingsSchema,
  })
  .strict()
  .meta({ id: 'NotificationSettings' });
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** Everything on: a new account hears about everything until it says otherwise. */
export function defaultNotificationSettings(): NotificationSettings {
  const on = () => ({ email: true, push: true, inApp: true });
  return {
    outbid: on(),
    lot_opening: on(),
    ending_soon: on(),
    results: on(),
    orders: on(),
    saved_searches: on(),
    messages: on(),
  };
}

/**
 * A stored value (possibly partial, from an older version, or hand-edited) read over the defaults: unknown kinds
 * and channels are dropped, anything not a boolean keeps its default.
 */
export function mergeNotificationSettings(stored: unknown): NotificationSettings {
  const out = defaultNotificationSettings();
  if (!stored || typeof stored !== 'object') return out;
  for (const kind of notificationKinds) {
    const row = (stored as Record<string, unknown>)[kind];
    if (!row || typeof row !== 'object') continue;
    for (const channel of notificationChannels) {
      const value = (row as Record<string, unknown>)[channel];
      if (typeof value === 'boolean') out[kind][channel] = value;
    }
  }
  return out;
}

/** GET/PUT /notification/settings. */
export const notificationSettingsBodySchema = z
  .object({ settings: notificationSettingsSchema })
  .strict()
  .meta({ id: 'NotificationSettingsBody' });
export type NotificationSettingsBody = z.infer<typeof notificationSettingsBodySchema>;

export const notificationSettingsResponseSchema = z
  .object({ settings: notificationSettingsSchema })
  .meta({ id: 'NotificationSettingsResponse' });

export const notificationSettingsSavedSchema = z
  .object({ message: z.string(), settings: notificationSettingsSchema })
  .meta({ id: 'NotificationSettingsSaved' });

/** GET/POST /notifications/unsubscribe?token=... (the link and the List-Unsubscribe header of every e-mail). */
export const unsubscribeQuerySchema = z.object({ token: z.string().max(200).optional() });

export const notificationSettingsMessages = {
  saved: 'Your notification settings are saved',
  unsubscribeInvalid:
    'This unsubscribe link is not valid. Sign in and change your notification settings instead.',
  unsubscribed: 'You will no longer receive these e-mails',
} as const;
