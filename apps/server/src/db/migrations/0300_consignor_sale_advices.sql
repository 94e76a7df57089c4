-- Issue 27 §2: the post-sale advice. When a sale closes, each consignor with lots in it is told once what happened to
-- each lot (sold at a hammer, unsold, passed) and what it means for them, by e-mail and in the portal.

-- One advice per consignor per sale, written by the scheduler of whichever server process gets there first: the
-- unique key is what makes a second run, or a second process running at the same moment, write (and mail) nothing.
-- `lots` is the advice as it was written (outcome, hammer, the charges and net estimated from the terms of the day),
-- kept as sent: a later change of terms or a refund shows in the settlement and the statement, not here.
create table consignor_sale_advices (
  id uuid primary key default gen_random_uuid(),
  consignor_id uuid not null references consignors(id) on delete restrict,
  -- A closed sale is never deleted (only drafts are); cascade keeps a deletion from being refused by this table.
  auction_id uuid not null references auctions(id) on delete cascade,
  currency char(3) not null check (currency ~ '^[A-Z]{3}$'),
  language text not null check (language in ('en', 'fr', 'ar')),
  lots jsonb not null check (jsonb_typeof(lots) = 'array' and jsonb_array_length(lots) > 0),
  -- Where the e-mail went; null when the consignor has no address on file (the portal still shows it).
  emailed_to text check (length(emailed_to) <= 320),
  created_at timestamptz not null default clock_timestamp(),
  unique (consignor_id, auction_id)
);
create index consignor_sale_advices_consignor_idx on consignor_sale_advices (consignor_id, created_at desc);

-- The advice job looks up each closed lot's consignment item by rug every run; the only index on rug_id so far is
-- the partial one on open items, which a sold item has left.
create index consignment_items_rug_idx on consignment_items (rug_id);
