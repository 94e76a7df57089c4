-- Issue 27, sections 2, 3 and 5 (decision 087): settling consigned lots into the consignors' journal, and paying
-- consignors in batches. The journal itself (ledger_entries, ledger_lines) is 0280's; this adds what settling and
-- paying need beside it.

-- ---- One row per consigned lot settled -------------------------------------------------------------------------
-- The claim: a lot of a consignment item is settled once, by whoever inserts this row first (two staff settling at
-- once: the second insert waits for the first transaction and then finds the row). Its journal entries are posted in
-- the same transaction under keys of this (item, lot), so the row and the entries exist together or not at all.
-- A refund after settling sets `reversed_at` once (the only update) and posts the reversing entries.
create table lot_settlements (
  consignment_item_id uuid not null references consignment_items(id) on delete restrict,
  lot_id uuid not null references lots(id) on delete restrict,
  consignor_id uuid not null references consignors(id) on delete restrict,
  order_id uuid references orders(id) on delete restrict,
  outcome text not null check (outcome in ('sold', 'unsold', 'passed')),
  hammer_cents bigint not null check (hammer_cents >= 0),
  -- settleLot's lines as computed (decision 085), for statements and the list: the journal is the truth.
  lines jsonb not null check (jsonb_typeof(lines) = 'object'),
  net_cents bigint not null,
  settled_at timestamptz not null default clock_timestamp(),
  settled_by uuid references users(id) on delete set null,
  reversed_at timestamptz,
  reversed_reason text check (length(reversed_reason) <= 200),
  primary key (consignment_item_id, lot_id)
);
create index lot_settlements_consignor_idx on lot_settlements (consignor_id, settled_at);
create index lot_settlements_open_order_idx on lot_settlements (order_id) where reversed_at is null;

-- A reversal names the entry it negates, so a statement can say what a correction undoes.
alter table ledger_entries add column reverses_entry_id uuid references ledger_entries(id) on delete restrict;
create index ledger_entries_lot_idx on ledger_entries (lot_id) where lot_id is not null;

-- ---- Payout batches ----------------------------------------------------------------------------------------------
-- One batch is one bank file: created (payout entries posted, balances down), exported (file downloaded), paid
-- (the bank confirmed: payout_confirmed posted, once), or cancelled (the payout entries reversed, once).
create table payout_batches (
  id uuid primary key default gen_random_uuid(),
  -- PB-2026-0001: gapless per year, from document_counters (kind 'payout_batch').
  number text not null unique check (number ~ '^PB-[0-9]{4}-[0-9]{4,}$'),
  status text not null default 'created' check (status in ('created', 'exported', 'paid', 'cancelled')),
  currency char(3) not null check (currency ~ '^[A-Z]{3}$'),
  -- The format last exported, null until a file was downloaded.
  file_kind text check (file_kind in ('sepa', 'csv')),
  total_cents bigint not null check (total_cents > 0),
  created_by uuid references users(id) on delete set null,
  created_at timestamptz not null default clock_timestamp(),
  exported_at timestamptz,
  paid_at timestamptz,
  paid_by uuid references users(id) on delete set null,
  cancelled_at timestamptz,
  cancelled_by uuid references users(id) on delete set null,
  constraint payout_batches_paid_check check ((status = 'paid') = (paid_at is not null)),
  constraint payout_batches_cancelled_check check ((status = 'cancelled') = (cancelled_at is not null))
);
create index payout_batches_created_idx on payout_batches (created_at desc, id);

create table payout_batch_items (
  id uuid primary key default gen_random_uuid(),
  batch_id uuid not null references payout_batches(id) on delete restrict,
  consignor_id uuid not null references consignors(id) on delete restrict,
  amount_cents bigint not null check (amount_cents > 0),
  -- The payment's reference in the bank file (SEPA EndToEndId, at most 35 characters): unique for ever.
  end_to_end_id text not null unique check (length(end_to_end_id) between 1 and 35),
  payout_entry_id uuid not null references ledger_entries(id) on delete restrict,
  unique (batch_id, consignor_id)
);
create index payout_batch_items_consignor_idx on payout_batch_items (consignor_id);

alter table document_counters drop constraint document_counters_kind_check;
alter table document_counters add constraint document_counters_kind_check
  check (kind in ('invoice', 'credit_note', 'consignment', 'payout_batch'));

-- ---- Settings: the holding period, the house's default consignment terms and the paying account -----------------
do $$
declare
  def text;
begin
  select pg_get_constraintdef(oid) into def from pg_constraint where conname = 'house_settings_key_check';
  if def is not null and def not like '%''settlements''%' then
    alter table house_settings drop constraint house_settings_key_check;
    execute 'alter table house_settings add constraint house_settings_key_check '
      || replace(def, 'ARRAY[', 'ARRAY[''settlements''::text, ');
  end if;
end;
$$;

-- ---- The audited staff actions of settlements and payouts, added to whatever the check allows now -----------------
do $$
declare
  def text;
begin
  select pg_get_constraintdef(oid) into def from pg_constraint where conname = 'staff_actions_action_check';
  if def not like '%''run_settlement''%' then
    alter table staff_actions drop constraint staff_actions_action_check;
    execute 'alter table staff_actions add constraint staff_actions_action_check '
      || replace(def, 'ARRAY[', 'ARRAY[''run_settlement''::text, ''record_consignor_advance''::text, '
        || '''create_payout_batch''::text, ''export_payout_batch''::text, ''mark_payout_batch_paid''::text, '
        || '''cancel_payout_batch''::text, ');
  end if;
end;
$$;
