-- Issue 27 §3 (decision 088): consignors paid by Stripe Connect transfers beside the bank file.

-- ---- A consignor's Stripe connected account as a payout method ---------------------------------------------------
-- The account id (acct_…) is stored like the bank details: encrypted in payout_details_encrypted, masked in clear.
alter table consignors drop constraint consignors_payout_method_check;
alter table consignors add constraint consignors_payout_method_check
  check (payout_method in ('iban', 'us_account', 'stripe_connect', 'none'));

-- ---- How each payment of a batch is made ---------------------------------------------------------------------------
-- Fixed when the batch is created, from the consignor's method then: 'bank' goes in the bank file, 'stripe' is sent as a
-- Stripe Connect transfer. Batches made before this migration were all bank.
alter table payout_batch_items add column method text not null default 'bank' check (method in ('bank', 'stripe'));

-- ---- Stripe transfer attempts --------------------------------------------------------------------------------------
-- One row per attempt to transfer one Stripe payment of a batch. The attempt's number is part of its Idempotency-Key
-- (knotwork-payout-<item>-<attempt>): every send of an attempt without an outcome (a retry, a second click, a crash
-- mid-call) sends the same key, so Stripe makes the transfer at most once. Only a refusal Stripe answered for certain
-- (a 4xx: no transfer made) opens the next attempt, with a new key.
create table payout_transfers (
  id uuid primary key default gen_random_uuid(),
  batch_item_id uuid not null references payout_batch_items(id) on delete restrict,
  attempt integer not null check (attempt between 1 and 1000),
  idempotency_key text not null unique check (length(idempotency_key) between 1 and 255),
  -- The connected account the attempt pays, as sent (a resend must send the same request under its key); null when
  -- nothing was sent because the consignor had no Stripe account any more (failed at once, 'no_stripe_account').
  destination text check (destination ~ '^acct_[A-Za-z0-9]{8,40}$'),
  amount_cents bigint not null check (amount_cents > 0),
  currency char(3) not null check (currency ~ '^[A-Z]{3}$'),
  created_by uuid references users(id) on delete set null,
  created_at timestamptz not null default clock_timestamp(),
  -- The outcome, set once: null while Stripe's answer is not known for certain (network, 5xx: send again).
  outcome text check (outcome in ('succeeded', 'failed')),
  transfer_id text check (transfer_id ~ '^tr_[A-Za-z0-9_]{1,250}$'),
  -- Why Stripe refused (our reason code, shown in words) and Stripe's own words, for staff.
  failure_reason text check (length(failure_reason) <= 60),
  failure_message text check (length(failure_message) <= 500),
  finished_at timestamptz,
  constraint payout_transfers_outcome_fields_check check (
    (outcome is null and destination is not null and transfer_id is null and failure_reason is null and finished_at is null)
    or (outcome = 'succeeded' and transfer_id is not null and failure_reason is null and finished_at is not null)
    or (outcome = 'failed' and transfer_id is null and failure_reason is not null and finished_at is not null)
  ),
  unique (batch_item_id, attempt)
);
-- At most one attempt in flight and one success per payment: a second open attempt or a second transfer is refused by
-- the database whatever the service does.
create unique index payout_transfers_open_idx on payout_transfers (batch_item_id) where outcome is null;
create unique index payout_transfers_succeeded_idx on payout_transfers (batch_item_id) where outcome = 'succeeded';
create unique index payout_transfers_transfer_idx on payout_transfers (transfer_id) where transfer_id is not null;

-- Append-only but for the outcome, written once: nothing else changes, an outcome never changes, no row is deleted.
create function refuse_payout_transfer_change() returns trigger language plpgsql as $$
begin
  -- Nested: a statement-level (truncate) call has no row to read.
  if tg_op = 'UPDATE' then
    if old.outcome is null
      and (to_jsonb(new) - array['outcome', 'transfer_id', 'failure_reason', 'failure_message', 'finished_at'])
        = (to_jsonb(old) - array['outcome', 'transfer_id', 'failure_reason', 'failure_message', 'finished_at']) then
      return new;
    end if;
    -- The database's own: the staff link cleared when that account is deleted.
    if new.created_by is null and (to_jsonb(new) - 'created_by') = (to_jsonb(old) - 'created_by') then
      return new;
    end if;
  end if;
  raise exception 'payout_transfers rows are append-only: an outcome is written once' using errcode = 'P0001';
end;
$$;
create trigger payout_transfers_append_only before update or delete on payout_transfers
  for each row execute function refuse_payout_transfer_change();
create trigger payout_transfers_no_truncate before truncate on payout_transfers
  for each statement execute function refuse_payout_transfer_change();

-- ---- The audited staff action -----------------------------------------------------------------------------------------
do $$
declare
  def text;
begin
  select pg_get_constraintdef(oid) into def from pg_constraint where conname = 'staff_actions_action_check';
  if def not like '%''send_payout_transfers''%' then
    alter table staff_actions drop constraint staff_actions_action_check;
    execute 'alter table staff_actions add constraint staff_actions_action_check '
      || replace(def, 'ARRAY[', 'ARRAY[''send_payout_transfers''::text, ');
  end if;
end;
$$;
