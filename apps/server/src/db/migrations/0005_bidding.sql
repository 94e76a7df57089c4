-- The auction engine: bids, the per-lot event log, likes (the watchlist), idempotency keys, orders, and the
-- engine's full lot state on each lot. Money is bigint cents; times are timestamptz from the database clock.

-- Staff can stop a user bidding (fraud, unpaid wins); null = may bid.
alter table users add column bidding_blocked_at timestamptz;

-- The engine's whole LotState (packages/shared/src/bidding/types.ts), private maxima included. Null until the
-- engine first touches the lot (seeded lots): the state is then rebuilt from the columns (lot-state-codec.ts).
-- The columns current_bid, leader_id, leader_max, bid_count, reserve_met, seq, status, outcome, ends_at,
-- hammer_price, winner_id and closed_at stay the denormalised copy every reader uses.
alter table lots add column engine_state jsonb;

create table bids (
  id uuid primary key,
  lot_id uuid not null references lots(id) on delete cascade,
  bidder_id uuid not null references users(id) on delete cascade,
  -- The bidder's maximum (proxy bidding); private to the bidder.
  max_amount bigint not null check (max_amount > 0),
  status text not null default 'accepted' check (status in ('accepted', 'voided')),
  -- Seq of the first lot event this bid produced: orders bids per lot for replays (engine seqs shift after a void).
  event_seq bigint not null,
  idempotency_key text,
  created_at timestamptz not null default clock_timestamp(),
  voided_at timestamptz
);
create index bids_lot_idx on bids (lot_id, event_seq);
create index bids_bidder_idx on bids (bidder_id, lot_id);

-- Append-only per lot: what happened, in order. `superseded` marks history lines a void rewrote.
create table lot_events (
  lot_id uuid not null references lots(id) on delete cascade,
  seq bigint not null,
  type text not null,
  payload jsonb not null,
  superseded boolean not null default false,
  created_at timestamptz not null default clock_timestamp(),
  primary key (lot_id, seq)
);

create table likes (
  user_id uuid not null references users(id) on delete cascade,
  rug_id uuid not null references rugs(id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (user_id, rug_id)
);
create index likes_rug_idx on likes (rug_id);
create index likes_user_created_idx on likes (user_id, created_at desc);

-- A retried request with the same Idempotency-Key (per user) answers the stored first result.
create table idempotency_keys (
  user_id uuid not null references users(id) on delete cascade,
  key text not null,
  request_hash text not null,
  status_code integer not null,
  response jsonb not null,
  created_at timestamptz not null default now(),
  primary key (user_id, key)
);
create index idempotency_keys_created_idx on idempotency_keys (created_at);

create table orders (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users(id) on delete restrict,
  rug_id uuid not null references rugs(id) on delete restrict,
  lot_id uuid references lots(id) on delete restrict,
  kind text not null check (kind in ('auction', 'buy_now', 'fixed_price')),
  -- Auction orders: hammer + premium; buy-now and fixed-price prices are all-in (premium 0, hammer null).
  hammer_price bigint,
  buyers_premium bigint not null default 0,
  item_price bigint not null check (item_price > 0),
  currency text not null,
  status text not null default 'awaiting_payment' check (status in ('awaiting_payment', 'paid', 'cancelled', 'expired')),
  -- Fixed-price checkout holds the rug for its buyer until then (15 minutes).
  reserved_until timestamptz,
  due_at timestamptz not null,
  paid_at timestamptz,
  created_at timestamptz not null default clock_timestamp(),
  updated_at timestamptz not null default clock_timestamp(),
  check ((kind = 'fixed_price') = (lot_id is null))
);
-- One live order per lot, and one open fixed-price hold per rug (the second buyer's insert cannot slip in).
create unique index orders_lot_key on orders (lot_id) where lot_id is not null and status <> 'cancelled';
create unique index orders_fixed_hold_key on orders (rug_id) where kind = 'fixed_price' and status = 'awaiting_payment';
create index orders_user_idx on orders (user_id, created_at desc);
create index orders_due_idx on orders (due_at) where status = 'awaiting_payment';
