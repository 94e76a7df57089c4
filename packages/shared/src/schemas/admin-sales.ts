/**
 * Building a sale in the back office, beyond create/edit (issue 11, decision 037): publishing a draft sale,
 * taking it back, and renumbering its lots in one go.
 */
import { z } from 'zod';
import { adminAuctionSchema } from './admin.ts';
import { textField } from './text.ts';

export const adminSaleMessages = {
  published: 'Sale published: visitors can see it now',
  unpublished: 'Sale taken back to draft: visitors no longer see it',
  renumbered: 'Lots renumbered',
  notDraft: 'Only a draft sale can be published',
  notScheduled: 'Only a published sale that has not started can go back to draft',
  noLots: 'Add at least one lot before publishing',
  startsInPast: 'The sale\u2019s start has passed: move it to the future before publishing',
  lotOrderIncomplete: 'Send every lot of the sale exactly once',
  idInvalid: 'Not a valid id',
} as const;

/** The lots of a sale in their new order: lot 1 first. Every lot of the sale, each once. */
export const adminLotOrderSchema = z
  .object({
    lotIds: z
      .array(z.uuid(adminSaleMessages.idInvalid))
      .min(1, adminSaleMessages.lotOrderIncomplete)
      .max(5_000)
      .refine((ids) => new Set(ids).size === ids.length, adminSaleMessages.lotOrderIncomplete),
  })
  .strict()
  .meta({ id: 'AdminLotOrder' });
export type AdminLotOrder = z.infer<typeof adminLotOrderSchema>;

export const adminSaleActionResponseSchema = z
  .object({ message: textField(), data: adminAuctionSchema })
  .meta({ id: 'AdminSaleActionResponse' });
