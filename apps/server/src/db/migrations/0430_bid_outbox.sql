-- Issue 30 section 2 (decision 098): the outbid notice leaves the request path. The bid's own statement (fast path)
-- or transaction (locked path) writes one row here per bidder who lost the lead; a worker in every server process
-- turns the rows into notifications (whose id is the row's id, so a replay after a crash writes no second one),
-- announces them (unread count, live socket, push, e-mail) and marks the row done.
--
-- No foreign keys: each would cost the bid statement a lookup, and a lot or account deleted meanwhile simply gets
-- no notice (the worker joins them).
create table bid_outbox (
  -- Chosen by the bidding server; the notification written from the row takes the same id.
  id uuid primary key,
  lot_id uuid not null,
  -- The bidder who was outbid, and the lot's new price (integer cents) the notice names.
  user_id uuid not null,
  amount bigint not null,
  created_at timestamptz not null default clock_timestamp(),
  -- A worker's lease: it is handling the row until then. A process killed meanwhile leaves a lease that runs out,
  -- and another worker takes the row again.
  claimed_until timestamptz,
  attempts int not null default 0,
  -- Notification written and announced. Done rows are kept a day (the bench counts them), then deleted.
  processed_at timestamptz
);
-- The workers' claim reads only the rows still to do, oldest first.
create index bid_outbox_pending_idx on bid_outbox (created_at) where processed_at is null;
-- The daily sweep of done rows.
create index bid_outbox_processed_idx on bid_outbox (processed_at) where processed_at is not null;
