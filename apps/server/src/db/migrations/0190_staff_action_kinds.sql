-- The kinds of staff action the audit log accepts: the union of every screen's (packages/shared/src/schemas/
-- admin-audit.ts STAFF_ACTIONS). Migrations 0100 (content), 0110 (collections, contact messages), 0130 (exchange
-- rates) and 0140 (house settings) were written side by side, each re-creating this check with the list it knew;
-- run in order, 0140 would have dropped the kinds of 0100-0130 and every such change would fail. This one runs last
-- with all of them; test/admin/audit-kinds.test.ts keeps the database and the shared list equal from now on.

alter table staff_actions drop constraint staff_actions_action_check;
alter table staff_actions add constraint staff_actions_action_check check (action in (
  'create_auction',
  'update_auction',
  'create_lot',
  'update_lot',
  'withdraw_lot',
  'void_bid',
  'block_bidder',
  'unblock_bidder',
  'record_bank_transfer',
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
  'reply_message'
));
