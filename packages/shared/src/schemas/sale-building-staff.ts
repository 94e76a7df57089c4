/**
 * Building a sale in the back office, beyond create/edit (issue 11, decision 037): publishing a draft sale,
 * taking it back, and renumbering its lots in one go.
 */
import { z } from 'zod';
import { adminAuctionSchema } from './sales-staff.ts';
import { textField } from './text.ts';
import { saleMoveMessages as moves } from '../sales/sale-moves.ts';

export const adminSaleMessages = {
  published: 'Sale published: visitors can see it now',
  unpublished: 'Sale taken back to draft: visitors no longer see it',
  renumbered: 'Lots renumbered',
  deleted: 'Sale deleted',
  // The refusals of packages/shared/src/sales/sale-moves.ts, under ids the back office translates.
  notDraft: moves.NOT_DRAFT,
  notScheduled: moves.NOT_SCHEDULED,
  noLots: moves.NO_LOTS,
  startsInPast: moves.START_PASSED,
  started: moves.AUCTION_STARTED,
  closed: moves.SALE_CLOSED,
  cancelled: moves.SALE_CANCELLED,
  unpublishFirst: moves.UNPUBLISH_FIRST,
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

export const adminSaleDeleteResponseSchema = z
  .object({ message: textField(), data: z.object({ id: textField() }) })
  .meta({ id: 'AdminSaleDeleteResponse' });
