import { z } from 'zod';
import { textField } from './text.ts';

/** Longest chat message, in characters (a question about a rug, not an essay). */
export const CHAT_MESSAGE_MAX = 1000;
/** The widget and the inbox send a heartbeat this often while they are on screen. */
export const CHAT_HEARTBEAT_MS = 30_000;
/** A staff member (or a customer's open widget) counts as present this long after their last heartbeat. */
export const CHAT_PRESENCE_WINDOW_MS = 75_000;
/** What the widget promises when no one is online (working hours, Europe). */
export const CHAT_REPLY_WITHIN_HOURS = 24;
/** Header a visitor proves their conversation with (the secret kept in the tab's sessionStorage). */
export const CHAT_TOKEN_HEADER = 'x-chat-token';

export const chatMessages = {
  bodyRequired: 'Please write a message',
  bodyMax: `A message has at most ${CHAT_MESSAGE_MAX} characters`,
  emailRequired: 'Please leave your e-mail address so we can answer',
  emailInvalid: 'Invalid email',
  notFound: 'Conversation not found',
  assigneeNotStaff: 'Conversations can only be assigned to staff',
} as const;

const body = textField({ error: chatMessages.bodyRequired })
  .trim()
  .min(1, chatMessages.bodyRequired)
  .max(CHAT_MESSAGE_MAX, chatMessages.bodyMax);

export const chatStatusSchema = z.enum(['open', 'pending', 'resolved']);
export type ChatStatus = z.infer<typeof chatStatusSchema>;

/** Opening a conversation: visitors must leave an e-mail address; a signed-in customer's account answers. */
export const chatStartSchema = z
  .object({
    email: textField()
      .trim()
      .max(254, chatMessages.emailInvalid)
      .regex(/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/, chatMessages.emailInvalid)
      .optional(),
    body,
  })
  .strict()
  .meta({ id: 'ChatStartRequest' });
export type ChatStartInput = z.infer<typeof chatStartSchema>;

export const chatMessageInputSchema = z.object({ body }).strict().meta({ id: 'ChatMessageRequest' });
export type ChatMessageInput = z.infer<typeof chatMessageInputSchema>;

export const chatIdParamSchema = z.object({ id: z.uuid({ error: chatMessages.notFound }) });

export const chatMessageSchema = z
  .object({
    id: z.string(),
    conversationId: z.string(),
    author: z.enum(['customer', 'staff']),
    /** The staff member's first name on their replies; null on the customer's messages. */
    staffName: z.string().nullable(),
    body: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'ChatMessage' });
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatConversationSchema = z
  .object({
    id: z.string(),
    status: chatStatusSchema,
    createdAt: z.string(),
    lastMessageAt: z.string(),
    /** Staff replies the customer has not seen yet. */
    unread: z.number().int(),
    /** The live channel this conversation's messages arrive on (a visitor learns it only with their token). */
    channel: z.string(),
    messages: z.array(chatMessageSchema),
  })
  .meta({ id: 'ChatConversation' });
export type ChatConversation = z.infer<typeof chatConversationSchema>;

export const chatConversationResponseSchema = z.object({ data: chatConversationSchema });
export const chatStartResponseSchema = z.object({
  data: chatConversationSchema,
  /** Visitors only: the secret that opens this conversation again (kept in the tab's sessionStorage). */
  token: z.string().nullable(),
});
export type ChatStartResponse = z.infer<typeof chatStartResponseSchema>;

export const chatConversationSummarySchema = chatConversationSchema.omit({ messages: true }).extend({
  lastMessage: z.string().nullable(),
});
export type ChatConversationSummary = z.infer<typeof chatConversationSummarySchema>;
export const chatConversationListResponseSchema = z.object({ data: z.array(chatConversationSummarySchema) });

export const chatMessageResponseSchema = z.object({ data: chatMessageSchema });

export const chatAvailabilitySchema = z
  .object({ staffOnline: z.boolean(), replyWithinHours: z.number().int() })
  .meta({ id: 'ChatAvailability' });
export type ChatAvailability = z.infer<typeof chatAvailabilitySchema>;
export const chatAvailabilityResponseSchema = z.object({ data: chatAvailabilitySchema });

// ---- Staff side ----

export const adminChatListQuerySchema = z.object({
  status: chatStatusSchema.optional(),
  /** A staff user id, or `none` for unassigned conversations. */
  assignee: z.union([z.uuid(), z.literal('none')]).optional(),
});

export const adminChatCustomerSchema = z.object({
  userId: z.string().nullable(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  language: z.string(),
});

export const adminChatSummarySchema = z
  .object({
    id: z.string(),
    status: chatStatusSchema,
    customer: adminChatCustomerSchema,
    assignee: z.object({ id: z.string(), name: z.string() }).nullable(),
    /** Customer messages no staff member has read. */
    unread: z.number().int(),
    /** When the oldest unanswered customer message arrived; null when staff spoke last. */
    waitingSince: z.string().nullable(),
    lastMessageAt: z.string(),
    lastMessage: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'AdminChatSummary' });
export type AdminChatSummary = z.infer<typeof adminChatSummarySchema>;
export const adminChatListResponseSchema = z.object({ data: z.array(adminChatSummarySchema) });

export const adminChatDetailSchema = adminChatSummarySchema.extend({
  messages: z.array(chatMessageSchema),
  /** Whether the customer has the conversation open right now (a reply otherwise goes by e-mail). */
  customerPresent: z.boolean(),
});
export type AdminChatDetail = z.infer<typeof adminChatDetailSchema>;
export const adminChatDetailResponseSchema = z.object({ data: adminChatDetailSchema });

export const adminChatUpdateSchema = z
  .object({
    status: chatStatusSchema.optional(),
    /** A staff user id, or null to unassign. */
    assigneeId: z.uuid().nullable().optional(),
  })
  .strict()
  .meta({ id: 'AdminChatUpdate' });
export type AdminChatUpdateInput = z.infer<typeof adminChatUpdateSchema>;

export const adminChatReplyResponseSchema = z.object({
  data: chatMessageSchema,
  /** True when the customer was not connected and the reply went out by e-mail. */
  emailed: z.boolean(),
});
export type AdminChatReplyResponse = z.infer<typeof adminChatReplyResponseSchema>;

export const adminChatStaffResponseSchema = z.object({
  data: z.array(z.object({ id: z.string(), name: z.string(), online: z.boolean() })),
});
export type AdminChatStaff = z.infer<typeof adminChatStaffResponseSchema>['data'][number];

/** The signed-in customer's latest bids, beside the conversation in the inbox (maxima in integer cents). */
export const adminChatCustomerBidsResponseSchema = z.object({
  data: z.array(
    z.object({
      lotId: z.string(),
      lotNumber: z.number().int(),
      rugTitle: z.string(),
      maxAmount: z.number().int(),
      lotStatus: z.string(),
      createdAt: z.string(),
    }),
  ),
});
export type AdminChatCustomerBid = z.infer<typeof adminChatCustomerBidsResponseSchema>['data'][number];
