-- Issue 28 section 1 (decision 090): registration to bid. A sale may require it; a bidder registers (accepts the
-- sale's terms, confirms an address and a phone, and a card if the sale asks), gets a paddle number for the sale and
-- is approved at once by the house's rules or waits in the sale's queue for staff.

-- Off for every existing sale: turning it on for a running sale would lock its bidders out. New live sales get it
-- on by default in the sale form.
alter table auctions add column registration_required boolean not null default false;
-- The sale asks for a card on file (a Stripe SetupIntent) before a registration can be approved.
alter table auctions add column registration_card_required boolean not null default false;

create table sale_registrations (
  id uuid primary key default gen_random_uuid(),
  auction_id uuid not null references auctions(id) on delete cascade,
  user_id uuid not null references users(id) on delete cascade,
  -- Per sale, from 101 upwards in order of registration, assigned under the sale row's lock.
  paddle integer not null check (paddle between 1 and 99999),
  status text not null default 'pending' check (status in ('pending', 'approved', 'rejected')),
  -- Why it was rejected (shown to the bidder), or what the rules found missing while it waits.
  reason text check (length(reason) <= 500),
  -- What the bidder confirmed when registering: the address they ship to and a phone the house can call.
  address_id uuid references addresses(id) on delete set null,
  phone text not null default '' check (length(phone) <= 40),
  terms_accepted_at timestamptz not null,
  -- Approved by the house's rules (null) or by a member of staff.
  decided_by uuid references users(id) on delete set null,
  decided_at timestamptz,
  created_at timestamptz not null default clock_timestamp(),
  unique (auction_id, user_id),
  unique (auction_id, paddle)
);
-- The staff queue: a sale's registrations, pending first.
create index sale_registrations_queue_idx on sale_registrations (auction_id, status, created_at);
-- "My registrations" and the bidder's page.
create index sale_registrations_user_idx on sale_registrations (user_id, created_at desc);

-- Deciding a registration is audited, added to whatever the check allows now.
do $$
declare
  def text;
begin
  select pg_get_constraintdef(oid) into def from pg_constraint where conname = 'staff_actions_action_check';
  if def not like '%''decide_registration''%' then
    alter table staff_actions drop constraint staff_actions_action_check;
    execute 'alter table staff_actions add constraint staff_actions_action_check '
      || replace(def, 'ARRAY[', 'ARRAY[''decide_registration''::text, ''register_bidder''::text, ');
  end if;
end;
$$;

-- The house's approval rules (Settings, key 'registration'), added to whatever keys the check allows now.
do $$
declare
  def text;
begin
  select pg_get_constraintdef(oid) into def from pg_constraint where conname = 'house_settings_key_check';
  if def is not null and def not like '%''registration''%' then
    alter table house_settings drop constraint house_settings_key_check;
    execute 'alter table house_settings add constraint house_settings_key_check '
      || replace(def, 'ARRAY[', 'ARRAY[''registration''::text, ');
  end if;
end;
$$;
