-- Display exchange rates (issue 14 section 6, decision 063). Prices are never converted for money: bids, orders and
-- payments stay in the sale's currency. A rate is how many units of `currency` one unit of the house currency
-- (config CURRENCY) buys, stored scaled by 1,000,000 as an integer, so no float ever reaches the database and
-- a conversion rounds once, for display. `demo` marks the figures the demo data seeded until staff set real ones.
create table exchange_rates (
  currency text primary key check (currency ~ '^[A-Z]{3}$'),
  rate_micros bigint not null check (rate_micros > 0 and rate_micros <= 1000000000000000),
  demo boolean not null default false,
  updated_at timestamptz not null default clock_timestamp(),
  updated_by uuid references users(id) on delete set null
);

-- Staff setting or deleting a rate is audited like every staff change (decision 019).
alter table staff_actions drop constraint staff_actions_action_check;
alter table staff_actions add constraint staff_actions_action_check check (action in ('create_auction',
  'update_auction', 'create_lot', 'update_lot', 'withdraw_lot', 'void_bid', 'block_bidder', 'unblock_bidder',
  'record_bank_transfer', 'ship_order', 'deliver_order', 'cancel_order', 'refund_order', 'second_chance_offer',
  'relist_rug', 'set_tax_rate', 'delete_tax_rate', 'create_rug', 'update_rug', 'publish_rug', 'unpublish_rug',
  'publish_auction', 'unpublish_auction', 'renumber_lots', 'add_bidder_note', 'add_staff', 'set_staff_role',
  'set_exchange_rate', 'delete_exchange_rate'));
