-- Live sales (issue 12, decision 051): a clerk runs the lots of a sale of type 'live' one at a time while bidders
-- follow and bid online. The state lives here, not in a process's memory, so it survives a restart and every
-- server process sees the same sale. Every action locks the sale's row first: clerk actions and online bids on one
-- sale are applied one after the other, in the order their transactions take the lock.

-- One row per live sale that has started: the lot on the block and the sale's event sequence.
create table live_sales (
  auction_id uuid primary key references auctions(id) on delete cascade,
  current_lot_id uuid references lots(id) on delete set null,
  seq bigint not null default 0,
  updated_at timestamptz not null default clock_timestamp()
);

-- The clerk engine's state of each lot that has been offered (packages/shared/src/bidding/live/clerk.ts
-- LiveLotState, undo stack and absentee maxima included: staff-only, never sent as such).
create table live_lots (
  lot_id uuid primary key references lots(id) on delete cascade,
  auction_id uuid not null references auctions(id) on delete cascade,
  state jsonb not null,
  opened_at timestamptz not null default clock_timestamp(),
  closed_at timestamptz
);
create index live_lots_auction_idx on live_lots (auction_id);

-- Append-only log of what happened in the sale, in order (the clerk's record and the audit of who did what).
create table live_events (
  auction_id uuid not null references auctions(id) on delete cascade,
  seq bigint not null,
  lot_id uuid references lots(id) on delete cascade,
  type text not null,
  actor_id uuid references users(id) on delete set null,
  payload jsonb not null,
  created_at timestamptz not null default clock_timestamp(),
  primary key (auction_id, seq)
);
