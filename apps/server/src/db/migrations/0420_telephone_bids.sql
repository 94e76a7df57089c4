-- Issue 29 section 1 (decision 097): telephone bids in live sales. A bidder registered and approved for a live sale
-- books a telephone line for chosen lots; staff assign each booking to an operator (a member of staff), who marks
-- the line ready for the lot and bids for the bidder at the ask. The bids themselves live in the live state
-- (live_lots, source 'telephone') and the live log; the operator's entries are audited in staff_actions.

create table telephone_bookings (
  id uuid primary key default gen_random_uuid(),
  auction_id uuid not null references auctions(id) on delete cascade,
  lot_id uuid not null references lots(id) on delete cascade,
  user_id uuid not null references users(id) on delete cascade,
  -- The registration the booking rests on: its paddle names the bidder to the clerk and the operator.
  registration_id uuid not null references sale_registrations(id) on delete cascade,
  -- The number to call, confirmed by the bidder when booking (the registration's by default).
  phone text not null check (length(phone) between 1 and 40),
  operator_id uuid references users(id) on delete set null,
  assigned_at timestamptz,
  -- The operator has the bidder on the line for this lot; cleared when the booking changes hands.
  ready_at timestamptz,
  -- Cancelled by the bidder before the lot opened: kept, so the history stays as it happened.
  cancelled_at timestamptz,
  created_at timestamptz not null default clock_timestamp(),
  constraint telephone_bookings_ready_needs_operator check (ready_at is null or operator_id is not null)
);
-- One live booking per bidder and lot; the lines of a lot are counted through it.
create unique index telephone_bookings_lot_user_idx on telephone_bookings (lot_id, user_id) where cancelled_at is null;
-- The staff screen and the clerk's markers read a sale's bookings; the operator's desk their own.
create index telephone_bookings_sale_idx on telephone_bookings (auction_id, lot_id) where cancelled_at is null;
create index telephone_bookings_operator_idx on telephone_bookings (operator_id, auction_id) where cancelled_at is null;
create index telephone_bookings_user_idx on telephone_bookings (user_id, auction_id);

-- The house's rules (Settings, key 'telephone'), added to whatever keys the check allows now.
do $$
declare
  def text;
begin
  select pg_get_constraintdef(oid) into def from pg_constraint where conname = 'house_settings_key_check';
  if def is not null and def not like '%''telephone''%' then
    alter table house_settings drop constraint house_settings_key_check;
    execute 'alter table house_settings add constraint house_settings_key_check '
      || replace(def, 'ARRAY[', 'ARRAY[''telephone''::text, ');
  end if;
end;
$$;

-- Assigning an operator, an operator's bid for a bidder, and opening a lot over unready lines are audited.
do $$
declare
  def text;
begin
  select pg_get_constraintdef(oid) into def from pg_constraint where conname = 'staff_actions_action_check';
  if def not like '%''phone_bid''%' then
    alter table staff_actions drop constraint staff_actions_action_check;
    execute 'alter table staff_actions add constraint staff_actions_action_check '
      || replace(def, 'ARRAY[', 'ARRAY[''assign_phone_operator''::text, ''phone_bid''::text, ''open_lot_override''::text, ');
  end if;
end;
$$;
