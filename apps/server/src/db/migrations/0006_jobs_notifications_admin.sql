-- Scheduled jobs, notifications and staff tools: the marks that make each job act once, and who did what.

-- Set by the job that sends the 15-minute "ending soon" notices, in the same transaction: each lot is reminded
-- once however many server processes run the job, and a soft-close extension does not trigger a second one.
alter table lots add column reminder_sent_at timestamptz;

-- Payment reminders at 24 h and 48 h after an auction order is created (AUCTION-RULES.md "After the sale").
alter table orders add column payment_reminders_sent smallint not null default 0;

-- Staff corrections are recorded with who made them and why.
alter table bids add column voided_by uuid references users(id) on delete set null;
alter table bids add column void_reason text;
alter table users add column bidding_blocked_by uuid references users(id) on delete set null;
alter table users add column bidding_blocked_reason text;

-- The jobs' scans: each is a short index range over the rows that are due, locked with skip locked.
create index lots_due_open_idx on lots (starts_at) where status = 'scheduled';
create index lots_due_reminder_idx on lots (ends_at) where status = 'open' and reminder_sent_at is null;
create index orders_fixed_hold_expiry_idx on orders (reserved_until)
  where kind = 'fixed_price' and status = 'awaiting_payment';

-- Every staff action on sales, lots, bids and bidders, with who and why (the admin module writes one row per
-- action, in the action's own transaction).
create table staff_actions (
  id uuid primary key default gen_random_uuid(),
  staff_id uuid references users(id) on delete set null,
  action text not null check (action in ('create_auction', 'update_auction', 'create_lot', 'update_lot',
    'withdraw_lot', 'void_bid', 'block_bidder', 'unblock_bidder')),
  auction_id uuid references auctions(id) on delete set null,
  lot_id uuid references lots(id) on delete set null,
  bid_id uuid references bids(id) on delete set null,
  user_id uuid references users(id) on delete set null,
  reason text,
  details jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default clock_timestamp()
);
create index staff_actions_created_idx on staff_actions (created_at desc);
create index staff_actions_lot_idx on staff_actions (lot_id) where lot_id is not null;
