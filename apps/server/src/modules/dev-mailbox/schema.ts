import { z } from 'zod';

/** GET /dev/mailbox/messages (development only). Lives with the server: it is not part of the product API. */
export const mailboxMessageSchema = z
  .object({
    id: z.string(),
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    html: z.string().nullable(),
    status: z.enum(['logged', 'sent', 'failed']),
    createdAt: z.string(),
  })
  .meta({ id: 'MailboxMessage' });
export const mailboxResponseSchema = z
  .object({ data: z.array(mailboxMessageSchema) })
  .meta({ id: 'MailboxResponse' });
