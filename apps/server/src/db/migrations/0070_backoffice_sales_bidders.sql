-- Back office, second part (issue 11, decision 037): publishing and renumbering sales, staff notes on bidders.

-- Staff notes on a bidder ("called about shipping", "pays by transfer"): private to staff, never shown to the
-- bidder, kept when the author leaves.
create table bidder_notes (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users(id) on delete cascade,
  staff_id uuid references users(id) on delete set null,
  body text not null check (char_length(body) between 1 and 2000),
  created_at timestamptz not null default clock_timestamp()
);
create index bidder_notes_user_idx on bidder_notes (user_id, created_at desc);

-- The new staff actions are audited like the rest.
alter table staff_actions drop constraint staff_actions_action_check;
alter table staff_actions add constraint staff_actions_action_check check (action in ('create_auction',
  'update_auction', 'create_lot', 'update_lot', 'withdraw_lot', 'void_bid', 'block_bidder', 'unblock_bidder',
  'record_bank_transfer', 'ship_order', 'deliver_order', 'cancel_order', 'refund_order', 'second_chance_offer',
  'relist_rug', 'set_tax_rate', 'delete_tax_rate', 'create_rug', 'update_rug', 'publish_rug', 'unpublish_rug',
  'publish_auction', 'unpublish_auction', 'renumber_lots', 'add_bidder_note', 'add_staff', 'set_staff_role'));

-- The dashboard's "bids in the last hour" counts a time range of all bids.
create index bids_created_idx on bids (created_at);
