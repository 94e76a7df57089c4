-- Issue 27 §2 (decision 089): an unsold rug is returned to its consignor, or re-offered in another sale on terms the
-- consignor accepts in the portal.

-- ---- Items: returned (who, when) and carried over to a re-offer -------------------------------------------------------
-- `reoffered` closes an item whose consignor accepted a re-offer: the rug continues as a new item of a new receipt
-- (the re-offer's terms), so the open-rug index (one open item per rug) still holds and the settlement pairs each
-- lot with the receipt whose terms it was offered under (decision 087's CONSIGNED_CLOSED_LOTS).
alter table consignment_items drop constraint consignment_items_status_check;
alter table consignment_items add constraint consignment_items_status_check
  check (status in ('received', 'catalogued', 'in_sale', 'sold', 'unsold', 'returned', 'withdrawn', 'reoffered'));
alter table consignment_items add column returned_at timestamptz;
alter table consignment_items add column returned_by uuid references users(id) on delete set null;
alter table consignment_items add constraint consignment_items_returned_check
  check (returned_at is null or status = 'returned');

-- ---- Re-offer proposals ------------------------------------------------------------------------------------------------
-- Append-only in spirit: a proposal's terms never change. Staff replace a pending one with a new proposal (the old one
-- becomes `superseded`), withdraw it, or the consignor accepts or declines it; each of those is decided once.
create table consignment_reoffers (
  id uuid primary key default gen_random_uuid(),
  -- The unsold item; an item taken off its receipt (a mistake) takes its proposals with it.
  item_id uuid not null references consignment_items(id) on delete cascade,
  consignor_id uuid not null references consignors(id) on delete restrict,
  -- The lot that did not sell (its buy-in fee is settled with the original receipt, decision 087).
  unsold_lot_id uuid not null references lots(id) on delete restrict,
  -- The sale proposed; a draft deleted takes its proposals with it (none of them can be accepted any more).
  auction_id uuid not null references auctions(id) on delete cascade,
  estimate_low bigint not null check (estimate_low >= 0),
  estimate_high bigint not null check (estimate_high >= estimate_low),
  reserve bigint check (reserve >= 0 and reserve <= estimate_low),
  opening_bid bigint not null check (opening_bid > 0),
  constraint consignment_reoffers_opening_check check (reserve is null or opening_bid <= reserve),
  -- Every lot term as proposed (the house's defaults and the receipt's own terms resolved, then the changes): what the
  -- consignor reads and accepts, and what the new receipt carries, so a later change of the house's defaults does not
  -- move terms already accepted.
  terms jsonb not null check (jsonb_typeof(terms) = 'object'),
  status text not null default 'pending'
    check (status in ('pending', 'accepted', 'declined', 'withdrawn', 'superseded')),
  proposed_by uuid references users(id) on delete set null,
  proposed_at timestamptz not null default clock_timestamp(),
  -- Who decided and when: the consignor's account (accepted, declined) or staff (withdrawn, superseded).
  decided_by uuid references users(id) on delete set null,
  decided_at timestamptz,
  constraint consignment_reoffers_decided_check check ((status = 'pending') = (decided_at is null)),
  -- On acceptance: the new item (of a new receipt) and its lot, when the lot could be entered at once.
  new_item_id uuid references consignment_items(id) on delete set null,
  lot_id uuid references lots(id) on delete set null,
  -- Where the proposal was mailed; null when the consignor has no address on file (the portal still shows it).
  emailed_to text check (length(emailed_to) <= 320)
);
-- One pending and at most one accepted proposal per item: two staff proposing at once, or a double acceptance,
-- cannot leave two.
create unique index consignment_reoffers_pending_idx on consignment_reoffers (item_id) where status = 'pending';
create unique index consignment_reoffers_accepted_idx on consignment_reoffers (item_id) where status = 'accepted';
create index consignment_reoffers_consignor_idx on consignment_reoffers (consignor_id, proposed_at desc);

-- ---- The audited staff actions of returns and re-offers, added to whatever the check allows now ------------------------
do $$
declare
  def text;
begin
  select pg_get_constraintdef(oid) into def from pg_constraint where conname = 'staff_actions_action_check';
  if def not like '%''return_consignment_item''%' then
    alter table staff_actions drop constraint staff_actions_action_check;
    execute 'alter table staff_actions add constraint staff_actions_action_check '
      || replace(def, 'ARRAY[', 'ARRAY[''return_consignment_item''::text, ''propose_reoffer''::text, '
        || '''withdraw_reoffer''::text, ');
  end if;
end;
$$;
