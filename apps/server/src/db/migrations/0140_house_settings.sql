-- The house's settings staff edit in the back office (decision 064): bank-transfer instructions, shipping zones and
-- rates, the default increment table and buyer's premium of new sales. A key without a row uses the install's
-- default (BANK_TRANSFER_INSTRUCTIONS, the shipping and increment constants, 25 %), so nothing is seeded here.
-- Kept apart from app_settings, which holds generated secrets (JWT, VAPID) that no API may ever read.
create table house_settings (
  key text primary key check (key in ('bank_transfer', 'shipping', 'increments', 'premium')),
  value jsonb not null,
  updated_by uuid references users(id) on delete set null,
  updated_at timestamptz not null default clock_timestamp()
);

-- Changing a setting is audited like every staff action.
alter table staff_actions drop constraint staff_actions_action_check;
alter table staff_actions add constraint staff_actions_action_check check (action in ('create_auction',
  'update_auction', 'create_lot', 'update_lot', 'withdraw_lot', 'void_bid', 'block_bidder', 'unblock_bidder',
  'record_bank_transfer', 'ship_order', 'deliver_order', 'cancel_order', 'refund_order', 'second_chance_offer',
  'relist_rug', 'set_tax_rate', 'delete_tax_rate', 'create_rug', 'update_rug', 'publish_rug', 'unpublish_rug',
  'publish_auction', 'unpublish_auction', 'renumber_lots', 'add_bidder_note', 'add_staff', 'set_staff_role',
  'update_settings'));
