import { z } from 'zod';
import { textField } from './text.ts';

export const calendarMessages = {
  feedNotFound: 'This calendar link is no longer valid: copy the new one from your profile.',
  lotNotFound: 'Lot not found.',
  saleNotFound: 'This sale has no lots left to close.',
  regenerated: 'New calendar link created: the old one no longer works.',
} as const;

/** The signed-in account's personal feed: a secret URL a calendar app subscribes to. */
export const calendarFeedSchema = z
  .object({
    message: textField().optional(),
    /** https://…/api/v1/calendar/{token}.ics */
    url: textField(),
    /** The same feed as webcal://, which calendar apps open as a subscription. */
    webcalUrl: textField(),
  })
  .meta({ id: 'CalendarFeed' });
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

export const calendarTokenParamSchema = z.object({ token: textField().min(20).max(100) });
