-- Issue 29 section 4 (decision 096): autopay. A buyer who chooses "pay automatically with my saved card" has each new
-- auction or buy-now order charged off-session a set time after it is invoiced (house setting 'autopay'); a charge
-- the bank wants the buyer for, or declines, sends them a link to pay and is retried on a schedule.

-- ---- The buyer's choice, one row per account that ever made it --------------------------------------------------------
-- enabled_at: orders invoiced from then on are enrolled; orders already waiting are turned on one by one by the buyer.
create table autopay_preferences (
  user_id uuid primary key references users(id) on delete cascade,
  enabled boolean not null,
  enabled_at timestamptz,
  updated_at timestamptz not null default clock_timestamp()
);

-- ---- One schedule per order: the per-order switch and where its charging stands ----------------------------------------
-- state: 'scheduled' (waits for next_attempt_at), 'charging' (a job run holds it: claimed_at says since when),
-- 'done' (paid, by autopay or any other way, or the order left awaiting payment), 'failed' (the last retry failed,
-- or nothing is left to charge with). attempts counts the attempts whose outcome is recorded in autopay_attempts;
-- the attempt in flight is attempts + 1, and its Stripe Idempotency-Key is derived from (order, that number), so a
-- run that crashed or lost Stripe's answer repeats the same key and can never charge twice.
create table order_autopay (
  order_id uuid primary key references orders(id) on delete cascade,
  user_id uuid not null references users(id) on delete cascade,
  enabled boolean not null default true,
  state text not null default 'scheduled' check (state in ('scheduled', 'charging', 'done', 'failed')),
  next_attempt_at timestamptz not null,
  attempts integer not null default 0 check (attempts >= 0),
  claimed_at timestamptz,
  created_at timestamptz not null default clock_timestamp(),
  updated_at timestamptz not null default clock_timestamp()
);
-- The job's scan: enabled schedules that are due, oldest first.
create index order_autopay_due_idx on order_autopay (next_attempt_at) where state in ('scheduled', 'charging');
create index order_autopay_user_idx on order_autopay (user_id);

-- ---- Every attempt's outcome, append-only ----------------------------------------------------------------------------------
-- outcome: 'succeeded' (the order is paid through apply-payment), 'requires_action' (the bank asks the buyer: SCA),
-- 'declined' (a card error; decline_code says which), 'no_card' / 'no_address' (nothing to charge with or ship to),
-- 'checkout_refused' (the checkout would not open: an identity check is due, say; decline_code holds its code).
create table autopay_attempts (
  id uuid primary key default gen_random_uuid(),
  order_id uuid not null references orders(id) on delete cascade,
  attempt integer not null check (attempt > 0),
  idempotency_key text not null unique,
  outcome text not null
    check (outcome in ('succeeded', 'requires_action', 'declined', 'no_card', 'no_address', 'checkout_refused')),
  decline_code text,
  payment_intent_id text,
  checkout_id uuid references checkouts(id) on delete set null,
  amount_cents bigint check (amount_cents >= 0),
  currency text check (currency ~ '^[A-Z]{3}$'),
  -- When the next attempt falls due; null: none (paid, or the last one).
  next_attempt_at timestamptz,
  created_at timestamptz not null default clock_timestamp(),
  unique (order_id, attempt)
);

create function refuse_autopay_attempt_change() returns trigger language plpgsql as $$
begin
  -- Only the database's own foreign-key actions (a deleted order or checkout) reach past this.
  if pg_trigger_depth() > 1 then
    return case when tg_op = 'DELETE' then old else new end;
  end if;
  raise exception 'autopay_attempts rows are append-only' using errcode = 'P0001';
end;
$$;
create trigger autopay_attempts_append_only before update or delete on autopay_attempts
  for each row execute function refuse_autopay_attempt_change();

-- ---- The house setting (how long after the invoice the card is charged) -----------------------------------------------
do $$
declare
  def text;
begin
  select pg_get_constraintdef(oid) into def from pg_constraint where conname = 'house_settings_key_check';
  if def is not null and def not like '%''autopay''%' then
    alter table house_settings drop constraint house_settings_key_check;
    execute 'alter table house_settings add constraint house_settings_key_check '
      || replace(def, 'ARRAY[', 'ARRAY[''autopay''::text, ');
  end if;
end;
$$;
