-- Issue 27, first slice (decision 086): consignors, their consignments (the receipt of rugs brought in) and the
-- double-entry journal the settlements and payouts will post to. Amounts are integer cents (bigint), as everywhere.

-- ---- Consignors: the people and dealers who bring rugs in -------------------------------------------------------
create table consignors (
  id uuid primary key default gen_random_uuid(),
  kind text not null check (kind in ('person', 'dealer')),
  name text not null check (length(name) between 1 and 200),
  company text check (length(company) <= 200),
  email text check (length(email) <= 254),
  phone text check (length(phone) <= 40),
  -- The postal address in the address book's fields (addresses, 0004): all null when none was given.
  address_line1 text,
  address_line2 text,
  address_city text,
  -- ISO 3166-2 subdivision code without the country prefix; null where the country has none.
  address_state text,
  address_postal_code text,
  address_country char(2) check (address_country ~ '^[A-Z]{2}$'),
  constraint consignors_address_check check (
    (address_line1 is null) = (address_country is null) and (address_line1 is null) = (address_city is null)
  ),
  language text not null default 'en' check (language in ('en', 'fr', 'ar')),
  vat_registered boolean not null default false,
  vat_number text check (length(vat_number) <= 40),
  -- Where the proceeds go. The account itself is AES-256-GCM ciphertext under PAYOUT_DETAILS_KEY
  -- (consignors/payout-crypto.ts, bound to this row's id); only the masked form and the holder's name are in clear.
  payout_method text not null default 'none' check (payout_method in ('iban', 'us_account', 'none')),
  payout_details_encrypted text,
  payout_masked text,
  payout_holder text,
  constraint consignors_payout_check check (
    (payout_method = 'none') = (payout_details_encrypted is null)
    and (payout_details_encrypted is null) = (payout_masked is null)
  ),
  -- The consignor's own site account, when they have one (to accept terms online and read statements later).
  user_id uuid unique references users(id) on delete set null,
  notes text not null default '' check (length(notes) <= 4000),
  -- Who saw their identity document, when: required before the first payout (the payouts service checks it).
  identity_checked_at timestamptz,
  identity_checked_by uuid references users(id) on delete set null,
  created_by uuid references users(id) on delete set null,
  created_at timestamptz not null default clock_timestamp(),
  updated_at timestamptz not null default clock_timestamp(),
  -- A consignor with consignments is archived, never deleted (their receipts and the journal name them).
  archived_at timestamptz
);
create index consignors_created_idx on consignors (created_at desc, id);
create index consignors_email_idx on consignors (lower(email)) where email is not null;

-- ---- Consignments: one receipt of rugs brought in by one consignor ----------------------------------------------
create table consignments (
  id uuid primary key default gen_random_uuid(),
  -- C-2026-0001: gapless per year, from document_counters (kind 'consignment'), taken in the creating transaction.
  number text not null unique check (number ~ '^C-[0-9]{4}-[0-9]{4,}$'),
  consignor_id uuid not null references consignors(id) on delete restrict,
  received_at timestamptz not null default clock_timestamp(),
  -- Terms agreed for this receipt only (commission, fees), over the house's defaults; null: the defaults apply.
  terms_override jsonb check (terms_override is null or jsonb_typeof(terms_override) = 'object'),
  agreement_status text not null default 'none'
    check (agreement_status in ('none', 'sent', 'accepted_online', 'signed_on_paper')),
  -- Which version of the agreement's text was sent or accepted, when, and by whom (staff, or the consignor online).
  agreement_version text check (length(agreement_version) <= 40),
  agreement_at timestamptz,
  agreement_by uuid references users(id) on delete set null,
  constraint consignments_agreement_check check ((agreement_status = 'none') = (agreement_at is null)),
  notes text not null default '' check (length(notes) <= 4000),
  created_by uuid references users(id) on delete set null,
  created_at timestamptz not null default clock_timestamp(),
  updated_at timestamptz not null default clock_timestamp()
);
create index consignments_consignor_idx on consignments (consignor_id, received_at desc);
create index consignments_received_idx on consignments (received_at desc, id);

-- ---- The rugs of a consignment -----------------------------------------------------------------------------------
create table consignment_items (
  id uuid primary key default gen_random_uuid(),
  consignment_id uuid not null references consignments(id) on delete restrict,
  rug_id uuid not null references rugs(id) on delete restrict,
  estimate_low bigint not null check (estimate_low >= 0),
  estimate_high bigint not null check (estimate_high >= estimate_low),
  -- Most houses refuse a reserve above the low estimate; null: no reserve agreed.
  reserve bigint check (reserve >= 0 and reserve <= estimate_low),
  status text not null default 'received'
    check (status in ('received', 'catalogued', 'in_sale', 'sold', 'unsold', 'returned', 'withdrawn')),
  created_at timestamptz not null default clock_timestamp(),
  updated_at timestamptz not null default clock_timestamp()
);
create index consignment_items_consignment_idx on consignment_items (consignment_id, created_at);
-- A rug is held for one consignor at a time: at most one item per rug that is still open (received, catalogued,
-- in a sale, or unsold and still in the house). Sold, returned and withdrawn items are closed, so a rug sold and
-- brought back years later by its buyer can be consigned again. Two staff adding the same rug at once: one wins.
create unique index consignment_items_open_rug_idx on consignment_items (rug_id)
  where status in ('received', 'catalogued', 'in_sale', 'unsold');

-- Consignment numbers share the invoice and credit-note counters' table (one row per kind and year).
alter table document_counters drop constraint document_counters_kind_check;
alter table document_counters add constraint document_counters_kind_check
  check (kind in ('invoice', 'credit_note', 'consignment'));

-- ---- The journal: double entry, append-only ----------------------------------------------------------------------
-- Every movement of a consignor's money (a sale's proceeds, commission, fees, a payout) is one entry whose lines
-- sum to zero. Nothing is ever corrected in place: a mistake is reversed by a new entry.
create table ledger_entries (
  id uuid primary key default gen_random_uuid(),
  kind text not null check (kind ~ '^[a-z][a-z0-9_]{0,59}$'),
  memo text not null default '' check (length(memo) <= 500),
  consignor_id uuid references consignors(id) on delete restrict,
  consignment_item_id uuid references consignment_items(id) on delete restrict,
  lot_id uuid references lots(id) on delete restrict,
  order_id uuid references orders(id) on delete restrict,
  payment_id uuid references payments(id) on delete restrict,
  -- The same business event posted twice (a retry, two processes) is one entry.
  idempotency_key text not null unique check (length(idempotency_key) between 1 and 200),
  created_at timestamptz not null default clock_timestamp(),
  created_by uuid references users(id) on delete set null
);
create index ledger_entries_consignor_idx on ledger_entries (consignor_id, created_at) where consignor_id is not null;
create index ledger_entries_item_idx on ledger_entries (consignment_item_id) where consignment_item_id is not null;

create table ledger_lines (
  id bigint generated always as identity primary key,
  entry_id uuid not null references ledger_entries(id) on delete restrict,
  -- A chart-of-accounts name, e.g. 'consignor_payable:<consignor id>' or 'commission_income' (ledger-postings.ts).
  account text not null check (account ~ '^[A-Za-z0-9_:.\-]{1,120}$'),
  -- Signed: debits positive, credits negative. A line of zero says nothing and is refused.
  amount_cents bigint not null check (amount_cents <> 0)
);
create index ledger_lines_entry_idx on ledger_lines (entry_id);
create index ledger_lines_account_idx on ledger_lines (account, entry_id);

-- Balanced entries: checked at commit (deferred), once all of an entry's lines are in, so lines may be inserted one by
-- one or in one statement. An entry with fewer than two lines, or whose lines do not sum to zero, fails the commit.
create function check_ledger_entry_balanced() returns trigger language plpgsql as $$
declare
  n integer;
  total numeric;
  -- Read through jsonb: the one function serves both tables, whose rows name the entry differently.
  entry uuid := (to_jsonb(new) ->> case when tg_table_name = 'ledger_entries' then 'id' else 'entry_id' end)::uuid;
begin
  select count(*), coalesce(sum(amount_cents), 0) into n, total from ledger_lines where entry_id = entry;
  if n < 2 or total <> 0 then
    raise exception 'ledger entry % is unbalanced: % lines summing to % cents', entry, n, total
      using errcode = '23514';
  end if;
  return null;
end;
$$;
create constraint trigger ledger_entries_balanced after insert on ledger_entries
  deferrable initially deferred for each row execute function check_ledger_entry_balanced();
create constraint trigger ledger_lines_balanced after insert on ledger_lines
  deferrable initially deferred for each row execute function check_ledger_entry_balanced();

-- Append-only, as payments and refunds (0200, 0270). The one change allowed is the database's own: the staff link
-- cleared when that account is deleted (on delete set null).
create function refuse_ledger_change() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' and tg_table_name = 'ledger_entries' then
    if new.created_by is null and (to_jsonb(new) - 'created_by') = (to_jsonb(old) - 'created_by') then
      return new;
    end if;
  end if;
  raise exception '% rows are append-only: post a reversing entry instead', tg_table_name using errcode = 'P0001';
end;
$$;
create trigger ledger_entries_append_only before update or delete on ledger_entries
  for each row execute function refuse_ledger_change();
create trigger ledger_lines_append_only before update or delete on ledger_lines
  for each row execute function refuse_ledger_change();
create trigger ledger_entries_no_truncate before truncate on ledger_entries
  for each statement execute function refuse_ledger_change();
create trigger ledger_lines_no_truncate before truncate on ledger_lines
  for each statement execute function refuse_ledger_change();

-- The audited staff actions of consignors and consignments, added to whatever the check allows now.
do $$
declare
  def text;
begin
  select pg_get_constraintdef(oid) into def from pg_constraint where conname = 'staff_actions_action_check';
  if def not like '%''create_consignor''%' then
    alter table staff_actions drop constraint staff_actions_action_check;
    execute 'alter table staff_actions add constraint staff_actions_action_check '
      || replace(def, 'ARRAY[', 'ARRAY[''create_consignor''::text, ''update_consignor''::text, '
        || '''archive_consignor''::text, ''delete_consignor''::text, ''check_consignor_identity''::text, '
        || '''create_consignment''::text, ''add_consignment_item''::text, ''remove_consignment_item''::text, '
        || '''set_consignment_agreement''::text, ');
  end if;
end;
$$;
