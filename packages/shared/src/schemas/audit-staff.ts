/** The audit log of staff actions (/api/v1/admin/audit, issue 11): who did what, when and why. */
import { z } from 'zod';
import { pagedMetaSchema } from './common.ts';
import { textField, calendarDay } from './text.ts';

export const STAFF_ACTIONS = [
  'create_auction',
  'update_auction',
  'create_lot',
  'update_lot',
  'withdraw_lot',
  'void_bid',
  'block_bidder',
  'unblock_bidder',
  'record_bank_transfer',
  'write_off_balance',
  'refund_credit',
  'ship_order',
  'deliver_order',
  'cancel_order',
  'refund_order',
  'second_chance_offer',
  'relist_rug',
  'set_tax_rate',
  'delete_tax_rate',
  'create_rug',
  'update_rug',
  'publish_rug',
  'unpublish_rug',
  'publish_auction',
  'unpublish_auction',
  'delete_auction',
  'renumber_lots',
  'add_bidder_note',
  'add_staff',
  'set_staff_role',
  'update_settings',
  'set_exchange_rate',
  'delete_exchange_rate',
  'create_content',
  'update_content',
  'delete_content',
  'publish_content',
  'unpublish_content',
  'order_content',
  'set_home_features',
  'create_collection',
  'update_collection',
  'delete_collection',
  'order_collections',
  'add_collection_rugs',
  'remove_collection_rug',
  'set_message_status',
  'reply_message',
  // Consignors and consignments (issue 27, decision 086).
  'create_consignor',
  'update_consignor',
  'archive_consignor',
  'delete_consignor',
  'check_consignor_identity',
  'create_consignment',
  'add_consignment_item',
  'remove_consignment_item',
  'set_consignment_agreement',
  // Unsold rugs returned or re-offered (issue 27 §2, decision 089).
  'return_consignment_item',
  'propose_reoffer',
  'withdraw_reoffer',
  // Settlements and payouts (issue 27, decision 087).
  'run_settlement',
  'record_consignor_advance',
  'create_payout_batch',
  'export_payout_batch',
  'mark_payout_batch_paid',
  'cancel_payout_batch',
  'set_bidding_limit',
  // Deposits that set a bidding limit (issue 28 §2, decision 091).
  'record_deposit',
  'release_deposit',
  'apply_deposit',
  // Identity checks (issue 28 §3, decision 093).
  'review_identity_check',
  'view_identity_document',
  'decide_registration',
  'register_bidder',
  'send_payout_transfers',
  // Non-payers (issue 28 §4, decision 092).
  'clear_strike',
  // Telephone bids in live sales (issue 29 §1, decision 097).
  'assign_phone_operator',
  'phone_bid',
  'open_lot_override',
] as const;
export type StaffActionKind = (typeof STAFF_ACTIONS)[number];

export const auditMessages = { dateInvalid: 'Enter a date as YYYY-MM-DD' } as const;
const day = calendarDay(auditMessages.dateInvalid);

export const adminAuditQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
  staffId: z.uuid().optional(),
  action: z.enum(STAFF_ACTIONS).optional(),
  /** Inclusive days, UTC. */
  from: day.optional(),
  to: day.optional(),
});
export type AdminAuditQuery = z.infer<typeof adminAuditQuerySchema>;

export const adminAuditEntrySchema = z
  .object({
    id: textField(),
    at: textField(),
    staffId: textField().nullable(),
    staffName: textField().nullable(),
    action: z.enum(STAFF_ACTIONS),
    auctionId: textField().nullable(),
    lotId: textField().nullable(),
    bidId: textField().nullable(),
    userId: textField().nullable(),
    orderId: textField().nullable(),
    rugId: textField().nullable(),
    collectionId: textField().nullable().optional(),
    contactMessageId: textField().nullable().optional(),
    reason: textField().nullable(),
    details: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'AdminAuditEntry' });
export type AdminAuditEntry = z.infer<typeof adminAuditEntrySchema>;
export const adminAuditListResponseSchema = z
  .object({ data: z.array(adminAuditEntrySchema), meta: pagedMetaSchema })
  .meta({ id: 'AdminAuditList' });
export type AdminAuditListResponse = z.infer<typeof adminAuditListResponseSchema>;
