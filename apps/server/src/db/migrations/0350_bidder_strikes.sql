-- Issue 28 section 4 (decisions 090, 092): non-payers. An order left unpaid past its due date is a strike against its
-- buyer; N active strikes (house setting 'strikes', default 2) block their bidding with reason 'unpaid' until staff
-- lift it. Every record is append-only: a strike is written once per order, cleared by a new row (the debt paid, or
-- staff with a reason), and the block it caused is a row of its own, so the history stays as it happened.

-- ---- Strikes: one per order, written by the strikes job --------------------------------------------------------------
create table bidder_strikes (
  id uuid primary key default gen_random_uuid(),
  order_id uuid not null unique references orders(id) on delete restrict,
  user_id uuid not null references users(id) on delete restrict,
  -- What the order asked when it fell overdue (hammer + premium, or the buy-now price), in cents of its currency.
  amount_cents bigint not null check (amount_cents > 0),
  currency text not null check (currency ~ '^[A-Z]{3}$'),
  due_at timestamptz not null,
  created_at timestamptz not null default clock_timestamp()
);
create index bidder_strikes_user_idx on bidder_strikes (user_id, created_at desc);

-- ---- Clearings: at most one per strike ---------------------------------------------------------------------------------
-- 'paid': the strikes job saw the order paid (no person, no reason); 'staff': a manage-bidder role cleared it, with why.
create table bidder_strike_clearings (
  id uuid primary key default gen_random_uuid(),
  strike_id uuid not null unique references bidder_strikes(id) on delete restrict,
  cause text not null check (cause in ('paid', 'staff')),
  reason text check (length(reason) between 1 and 500),
  cleared_by uuid references users(id) on delete set null,
  created_at timestamptz not null default clock_timestamp(),
  constraint bidder_strike_clearings_staff_reason_check check ((cause = 'staff') = (reason is not null))
);

-- ---- Blocks the strikes set: at most one per strike, the one that took the bidder to N -------------------------------
-- Keyed by that strike, so every process running the job blocks (and tells the bidder) once; a bidder staff let bid
-- again is blocked again only by a new strike, never by the ones staff already looked at.
create table bidder_strike_blocks (
  id uuid primary key default gen_random_uuid(),
  strike_id uuid not null unique references bidder_strikes(id) on delete restrict,
  user_id uuid not null references users(id) on delete restrict,
  active_strikes integer not null check (active_strikes > 0),
  block_after integer not null check (block_after > 0),
  -- False when the bidder was already blocked (by staff, for another reason): their block and its reason stay.
  applied boolean not null,
  created_at timestamptz not null default clock_timestamp()
);
create index bidder_strike_blocks_user_idx on bidder_strike_blocks (user_id, created_at desc);

-- Append-only: nothing changes and nothing is deleted, but the database's own clearing of a deleted staff account.
create function refuse_bidder_strike_change() returns trigger language plpgsql as $$
begin
  -- Nested: a statement-level (truncate) call has no row to read.
  if tg_op = 'UPDATE' and tg_table_name = 'bidder_strike_clearings' then
    if new.cleared_by is null and (to_jsonb(new) - 'cleared_by') = (to_jsonb(old) - 'cleared_by') then
      return new;
    end if;
  end if;
  raise exception '% rows are append-only: a correction is a new row', tg_table_name using errcode = 'P0001';
end;
$$;
create trigger bidder_strikes_append_only before update or delete on bidder_strikes
  for each row execute function refuse_bidder_strike_change();
create trigger bidder_strikes_no_truncate before truncate on bidder_strikes
  for each statement execute function refuse_bidder_strike_change();
create trigger bidder_strike_clearings_append_only before update or delete on bidder_strike_clearings
  for each row execute function refuse_bidder_strike_change();
create trigger bidder_strike_clearings_no_truncate before truncate on bidder_strike_clearings
  for each statement execute function refuse_bidder_strike_change();
create trigger bidder_strike_blocks_append_only before update or delete on bidder_strike_blocks
  for each row execute function refuse_bidder_strike_change();
create trigger bidder_strike_blocks_no_truncate before truncate on bidder_strike_blocks
  for each statement execute function refuse_bidder_strike_change();

-- ---- The house setting (strikes before bidding is blocked) ---------------------------------------------------------
do $$
declare
  def text;
begin
  select pg_get_constraintdef(oid) into def from pg_constraint where conname = 'house_settings_key_check';
  if def is not null and def not like '%''strikes''%' then
    alter table house_settings drop constraint house_settings_key_check;
    execute 'alter table house_settings add constraint house_settings_key_check '
      || replace(def, 'ARRAY[', 'ARRAY[''strikes''::text, ');
  end if;
end;
$$;

-- ---- The audited actions: staff clearing a strike, the job blocking a bidder (staff_id null: the house's rule) -----
do $$
declare
  def text;
begin
  select pg_get_constraintdef(oid) into def from pg_constraint where conname = 'staff_actions_action_check';
  if def not like '%''clear_strike''%' then
    alter table staff_actions drop constraint staff_actions_action_check;
    execute 'alter table staff_actions add constraint staff_actions_action_check '
      || replace(def, 'ARRAY[', 'ARRAY[''clear_strike''::text, ');
  end if;
end;
$$;
