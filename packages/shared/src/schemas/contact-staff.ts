/** Contact-form messages in the back office (issue 11, decision 060): status, reading, and a reply by e-mail. */
import { z } from 'zod';
import { pagedMetaSchema } from './common.ts';
import { textField } from './text.ts';

export const CONTACT_STATUSES = ['new', 'answered', 'closed'] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];
export const REPLY_MAX = 5000;

export const adminMessageMessages = {
  replyRequired: 'Write the reply (1 to 5,000 characters)',
  statusInvalid: 'Choose new, answered or closed',
  messageNotFound: 'Message not found',
  replySent: 'Reply sent by e-mail',
  statusSaved: 'Status saved',
} as const;
const m = adminMessageMessages;

export const adminMessageListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
  status: z.enum(CONTACT_STATUSES, m.statusInvalid).optional(),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type AdminMessageListQuery = z.infer<typeof adminMessageListQuerySchema>;

export const adminMessageStatusSchema = z
  .object({ status: z.enum(CONTACT_STATUSES, m.statusInvalid) })
  .strict()
  .meta({ id: 'AdminMessageStatus' });

export const adminMessageReplySchema = z
  .object({
    body: textField({ error: m.replyRequired })
      .trim()
      .min(1, m.replyRequired)
      .max(REPLY_MAX, m.replyRequired),
  })
  .strict()
  .meta({ id: 'AdminMessageReply' });

export const adminMessageSummarySchema = z
  .object({
    id: textField(),
    name: textField(),
    email: textField(),
    /** The first line or so of the message, for the grid. */
    excerpt: textField(),
    status: z.enum(CONTACT_STATUSES),
    replyCount: z.number().int(),
    createdAt: textField(),
  })
  .meta({ id: 'AdminMessageSummary' });
export type AdminMessageSummary = z.infer<typeof adminMessageSummarySchema>;

export const adminMessageListResponseSchema = z
  .object({ data: z.array(adminMessageSummarySchema), meta: pagedMetaSchema })
  .meta({ id: 'AdminMessageList' });
export type AdminMessageListResponse = z.infer<typeof adminMessageListResponseSchema>;

export const adminMessageReplyEntrySchema = z.object({
  id: textField(),
  body: textField(),
  language: z.enum(['en', 'fr', 'ar']),
  staffName: textField().nullable(),
  createdAt: textField(),
});

export const adminMessageDetailSchema = z
  .object({
    id: textField(),
    name: textField(),
    email: textField(),
    mobileNumber: textField(),
    message: textField(),
    status: z.enum(CONTACT_STATUSES),
    /** The language a reply goes out in: the sender's when known, else English. */
    language: z.enum(['en', 'fr', 'ar']),
    userId: textField().nullable(),
    createdAt: textField(),
    replies: z.array(adminMessageReplyEntrySchema),
  })
  .meta({ id: 'AdminMessageDetail' });
export type AdminMessageDetail = z.infer<typeof adminMessageDetailSchema>;
export const adminMessageResponseSchema = z
  .object({ message: textField().optional(), data: adminMessageDetailSchema })
  .meta({ id: 'AdminMessageResponse' });
