-- Issue 28 section 2 (decisions 090, 091): deposits that set a bidding limit. A deposit is a card hold (a Stripe
-- PaymentIntent with manual capture, never captured: cancelled after the sale) or a bank transfer recorded by staff.
-- While held it raises the bidder's `bidder_limits` row to limitFromDeposit(total held, the house's multiple). Every
-- record is append-only: a deposit is written once, and what happens to it (held, released, applied to an order,
-- refunded, failed) is a new event row, so the history stays as it happened.

-- A deposit a bidder needs to bid in this sale (cents of the house currency); null: the sale asks for none.
alter table auctions add column deposit_cents bigint check (deposit_cents > 0);

-- Who set a bidder's limit: staff by hand (0330's rows), a held deposit, or a registration approved with a limit.
-- `hand_limit_cents` keeps the limit the row had before a deposit raised it, so releasing the deposit puts it back
-- (null: there was no limit, the row goes); `deposit_limit_cents` what the deposit last set, so a change staff make
-- by hand afterwards is seen (limit_cents no longer equals it) and becomes the limit to restore.
alter table bidder_limits add column if not exists source text not null default 'staff';
alter table bidder_limits add column hand_limit_cents bigint check (hand_limit_cents >= 0);
alter table bidder_limits add column deposit_limit_cents bigint check (deposit_limit_cents >= 0);

create table bidder_deposits (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users(id) on delete restrict,
  -- The sale it is for; null: house-wide (it raises the bidder's limit in every sale).
  auction_id uuid references auctions(id) on delete restrict,
  kind text not null check (kind in ('card_hold', 'bank_transfer')),
  amount_cents bigint not null check (amount_cents > 0 and amount_cents <= 100000000000),
  currency text not null check (currency ~ '^[A-Z]{3}$'),
  -- The hold's PaymentIntent (manual capture), one deposit per intent: a retried attempt finds its deposit.
  payment_intent_id text unique,
  -- The bank's reference of the transfer, and the member of staff who recorded it.
  reference text check (length(reference) between 1 and 200),
  recorded_by uuid references users(id) on delete set null,
  created_at timestamptz not null default clock_timestamp(),
  constraint bidder_deposits_kind_check2 check (
    (kind = 'card_hold' and payment_intent_id is not null and reference is null)
    or (kind = 'bank_transfer' and payment_intent_id is null and reference is not null))
);
create index bidder_deposits_user_idx on bidder_deposits (user_id, created_at desc);
create index bidder_deposits_auction_idx on bidder_deposits (auction_id) where auction_id is not null;

create table bidder_deposit_events (
  id uuid primary key default gen_random_uuid(),
  deposit_id uuid not null references bidder_deposits(id) on delete restrict,
  kind text not null check (kind in ('held', 'released', 'applied_to_order', 'refunded', 'failed')),
  -- Staff who did it; null: the collector's own hold, or the job releasing holds after the sale.
  by_user uuid references users(id) on delete set null,
  -- What it refers to: the order a deposit was applied to and its payment, the bank's refund reference, the
  -- provider's reason for a failure.
  order_id uuid references orders(id) on delete restrict,
  reference text check (length(reference) <= 500),
  created_at timestamptz not null default clock_timestamp()
);
-- A deposit is held once and ends once (released, applied, refunded or failed): a second end is refused here, so two
-- staff or a staff member and the job racing over one deposit cannot both end it.
create unique index bidder_deposit_events_held_idx on bidder_deposit_events (deposit_id) where kind = 'held';
create unique index bidder_deposit_events_end_idx on bidder_deposit_events (deposit_id) where kind <> 'held';

-- Append-only: nothing changes and nothing is deleted, but the database's own clearing of a deleted staff account.
create function refuse_bidder_deposit_change() returns trigger language plpgsql as $$
begin
  -- Nested: a statement-level (truncate) call has no row to read, and each table has its own column.
  if tg_op = 'UPDATE' then
    if tg_table_name = 'bidder_deposits' then
      if (to_jsonb(new) ->> 'recorded_by') is null
         and (to_jsonb(new) - 'recorded_by') = (to_jsonb(old) - 'recorded_by') then
        return new;
      end if;
    elsif (to_jsonb(new) ->> 'by_user') is null
       and (to_jsonb(new) - 'by_user') = (to_jsonb(old) - 'by_user') then
      return new;
    end if;
  end if;
  raise exception '% rows are append-only: a correction is a new row', tg_table_name using errcode = 'P0001';
end;
$$;
create trigger bidder_deposits_append_only before update or delete on bidder_deposits
  for each row execute function refuse_bidder_deposit_change();
create trigger bidder_deposits_no_truncate before truncate on bidder_deposits
  for each statement execute function refuse_bidder_deposit_change();
create trigger bidder_deposit_events_append_only before update or delete on bidder_deposit_events
  for each row execute function refuse_bidder_deposit_change();
create trigger bidder_deposit_events_no_truncate before truncate on bidder_deposit_events
  for each statement execute function refuse_bidder_deposit_change();

-- ---- The house setting 'deposits': the limit multiple and the lot estimate that needs a deposit --------------------
do $$
declare
  def text;
begin
  select pg_get_constraintdef(oid) into def from pg_constraint where conname = 'house_settings_key_check';
  if def is not null and def not like '%''deposits''%' then
    alter table house_settings drop constraint house_settings_key_check;
    execute 'alter table house_settings add constraint house_settings_key_check '
      || replace(def, 'ARRAY[', 'ARRAY[''deposits''::text, ');
  end if;
end;
$$;

-- ---- The audited actions ------------------------------------------------------------------------------------------
do $$
declare
  def text;
begin
  select pg_get_constraintdef(oid) into def from pg_constraint where conname = 'staff_actions_action_check';
  if def not like '%''record_deposit''%' then
    alter table staff_actions drop constraint staff_actions_action_check;
    execute 'alter table staff_actions add constraint staff_actions_action_check '
      || replace(def, 'ARRAY[', 'ARRAY[''record_deposit''::text, ''release_deposit''::text, ''apply_deposit''::text, ');
  end if;
end;
$$;
