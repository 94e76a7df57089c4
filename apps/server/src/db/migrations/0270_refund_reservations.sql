-- Issue 25 section 4, decision 081: two concurrent card refunds both reached the provider before the database
-- checked what was left to refund. A card or PayPal refund now reserves its amount first: a `pending` refund row,
-- inserted while the order is locked and counted against what is left; then the provider is called; then the row
-- becomes `done` (with the provider's refund id, its credit note and the order's refunded amount) or `failed`
-- (which releases the amount). Rows recorded before this migration were all done.
alter table refunds add column status text not null default 'done'
  check (status in ('pending', 'done', 'failed'));
-- Why a reservation failed (the provider's answer, or "recorded by another request"); null otherwise.
alter table refunds add column failure text;
-- When the row was settled (done or failed); a pending row has none (it is inserted with null explicitly).
alter table refunds add column settled_at timestamptz default clock_timestamp();
update refunds set settled_at = created_at;
alter table refunds add constraint refunds_settled_check check ((status = 'pending') = (settled_at is null));
alter table refunds add constraint refunds_done_ref_check
  check (status <> 'done' or provider = 'bank_transfer' or provider_ref is not null);
create index refunds_pending_idx on refunds (order_id) where status = 'pending';

-- Money records are append-only (as payments, decision 072): a refund row is never deleted and its amount,
-- order, payment and currency never change. The one move allowed is a pending row settling once: to done (with
-- the provider's refund id) or to failed (with why). The staff link may be cleared when that account is deleted.
create function refuse_refund_change() returns trigger language plpgsql as $$
declare
  kept text[] := array['status', 'provider_ref', 'failure', 'settled_at', 'staff_id'];
begin
  if tg_op = 'UPDATE' and (to_jsonb(new) - kept) = (to_jsonb(old) - kept) then
    if (to_jsonb(new) - 'staff_id') = (to_jsonb(old) - 'staff_id') then
      return new;
    end if;
    if old.status = 'pending' and new.status in ('done', 'failed')
       and (old.provider_ref is null or new.provider_ref is not distinct from old.provider_ref) then
      return new;
    end if;
  end if;
  raise exception 'refund rows are append-only: only a pending refund settles, once' using errcode = 'P0001';
end;
$$;
create trigger refunds_append_only before update or delete on refunds
  for each row execute function refuse_refund_change();
