-- Money that does not match (issue 24, decision 072): a bank transfer short of the checkout total is kept as a
-- partial payment leaving a balance due, several transfers add up, an overpayment is a credit to refund, and
-- accounts staff may write off a small difference. Money records are append-only: a correction is a new row.

-- A refused record (wrong currency, orders no longer payable) no longer holds its provider reference: only an
-- applied payment is unique per (provider, provider_ref), so the right record after a wrong one is never taken
-- for "already recorded". Refused rows stay, one per attempt, for the record.
alter table payments drop constraint payments_provider_provider_ref_key;
create unique index payments_applied_ref_key on payments (provider, provider_ref) where status = 'applied';
create index payments_ref_idx on payments (provider, provider_ref);

alter table payments drop constraint payments_refusal_check;
alter table payments add constraint payments_refusal_check
  check (refusal in ('amount_mismatch', 'currency_mismatch', 'not_payable'));
alter table payments add constraint payments_amount_positive check (amount > 0) not valid;

-- What staff do about a difference, per checkout: a write-off of a small shortfall (with a reason, up to the limit
-- in Settings) or a refund of an overpayment's credit (sent back from the bank by staff).
create table payment_adjustments (
  id uuid primary key default gen_random_uuid(),
  checkout_id uuid not null references checkouts(id) on delete restrict,
  kind text not null check (kind in ('write_off', 'credit_refund')),
  amount bigint not null check (amount > 0),
  currency text not null,
  reason text not null,
  staff_id uuid references users(id) on delete set null,
  -- The request's Idempotency-Key: a retried request finds its row instead of adding another.
  idempotency_key text,
  created_at timestamptz not null default clock_timestamp()
);
create index payment_adjustments_checkout_idx on payment_adjustments (checkout_id);
create unique index payment_adjustments_key on payment_adjustments (checkout_id, kind, idempotency_key)
  where idempotency_key is not null;

-- Append-only, whatever the code does: amounts, currencies and outcomes are never edited or deleted. (Only the
-- link to a staff member may be cleared, when that account is deleted.)
create function refuse_money_record_change() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' and (to_jsonb(new) - 'recorded_by' - 'staff_id') = (to_jsonb(old) - 'recorded_by' - 'staff_id') then
    return new;
  end if;
  raise exception '% rows are append-only: record a correction as a new row', tg_table_name using errcode = 'P0001';
end;
$$;
create trigger payments_append_only before update or delete on payments
  for each row execute function refuse_money_record_change();
create trigger payment_adjustments_append_only before update or delete on payment_adjustments
  for each row execute function refuse_money_record_change();

-- Two new audited staff actions, added to whatever the check allows now (other migrations of this issue may
-- add theirs beside them), rather than re-created from a list that would drop theirs.
do $$
declare
  def text;
begin
  select pg_get_constraintdef(oid) into def from pg_constraint where conname = 'staff_actions_action_check';
  if def not like '%''write_off_balance''%' then
    alter table staff_actions drop constraint staff_actions_action_check;
    execute 'alter table staff_actions add constraint staff_actions_action_check '
      || replace(def, 'ARRAY[', 'ARRAY[''write_off_balance''::text, ''refund_credit''::text, ');
  end if;
end;
$$;
