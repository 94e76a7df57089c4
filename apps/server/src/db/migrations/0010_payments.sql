-- Checkout and payment (issue 8, decision 025): order life, checkouts with a frozen quote, provider-agnostic
-- payments, refunds, gapless invoice and credit-note numbers, tax settings and second-chance offers.

-- ---- Orders: the whole life, and what the invoice needs, frozen at payment --------------------------------
alter table orders drop constraint orders_status_check;
alter table orders add constraint orders_status_check check (status in ('awaiting_payment', 'paid', 'shipped',
  'delivered', 'cancelled', 'expired', 'refunded', 'partially_refunded'));
-- The checkout that paid the order, and its share of that checkout's quote (combined shipping: the one shipping
-- charge sits on the checkout's first line, the others carry 0).
alter table orders add column checkout_id uuid;
alter table orders add column shipping_method text check (shipping_method in ('courier', 'collect'));
alter table orders add column shipping_amount bigint check (shipping_amount >= 0);
alter table orders add column shipping_address jsonb;
alter table orders add column tax_amount bigint check (tax_amount >= 0);
alter table orders add column total bigint check (total >= 0);
alter table orders add column refunded_amount bigint not null default 0 check (refunded_amount >= 0);
alter table orders add column carrier text;
alter table orders add column tracking_number text;
alter table orders add column shipped_at timestamptz;
alter table orders add column delivered_at timestamptz;
alter table orders add column cancelled_at timestamptz;
-- Marks written in the transaction that sends (or hands off) the mail, so each goes out once on any process.
alter table orders add column won_mail_sent_at timestamptz;
alter table orders add column overdue_notified_at timestamptz;
-- Orders that exist already were announced by notification before this mail existed.
update orders set won_mail_sent_at = created_at;
create index orders_status_idx on orders (status, created_at desc);
create index orders_won_mail_idx on orders (created_at) where won_mail_sent_at is null;
create index orders_overdue_idx on orders (due_at) where status = 'awaiting_payment' and overdue_notified_at is null;

-- Every status change: who (null: the system or a payment provider), when, why.
create table order_events (
  id bigint generated always as identity primary key,
  order_id uuid not null references orders(id) on delete cascade,
  from_status text not null,
  to_status text not null,
  actor_id uuid references users(id) on delete set null,
  reason text,
  created_at timestamptz not null default clock_timestamp()
);
create index order_events_order_idx on order_events (order_id, id);

-- ---- Checkouts: one attempt to pay one or more orders of one buyer, with the quote frozen ------------------
create table checkouts (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users(id) on delete restrict,
  order_ids uuid[] not null check (cardinality(order_ids) > 0),
  -- The payment reference a bank transfer quotes (KW-XXXXXX).
  reference text not null unique,
  shipping_method text not null check (shipping_method in ('courier', 'collect')),
  address_id uuid references addresses(id) on delete set null,
  -- The address as it was at checkout (null when collecting in person).
  shipping_address jsonb,
  -- Lines (hammer, premium, all-in price, tax per line), shipping, tax, total: what the invoice will say.
  quote jsonb not null,
  subtotal bigint not null check (subtotal >= 0),
  shipping_amount bigint not null check (shipping_amount >= 0),
  tax_amount bigint not null check (tax_amount >= 0),
  total bigint not null check (total > 0),
  currency text not null,
  -- How the buyer chose to pay (a provider helper sets stripe/paypal when it creates an intent or order).
  method text not null check (method in ('bank_transfer', 'stripe', 'paypal')),
  status text not null default 'open' check (status in ('open', 'paid', 'superseded')),
  paid_at timestamptz,
  created_at timestamptz not null default clock_timestamp(),
  updated_at timestamptz not null default clock_timestamp()
);
create index checkouts_user_idx on checkouts (user_id, created_at desc);
create index checkouts_orders_idx on checkouts using gin (order_ids);
alter table orders add constraint orders_checkout_fk foreign key (checkout_id) references checkouts(id);

-- ---- Payments: what a provider (or staff, for a bank transfer) reported; the unique ref makes replays no-ops
create table payments (
  id uuid primary key default gen_random_uuid(),
  checkout_id uuid not null references checkouts(id) on delete restrict,
  provider text not null check (provider in ('bank_transfer', 'stripe', 'paypal')),
  provider_ref text not null,
  amount bigint not null,
  currency text not null,
  -- applied: the orders were marked paid; refused: kept for the record, nothing paid, staff told.
  status text not null check (status in ('applied', 'refused')),
  refusal text check (refusal in ('amount_mismatch', 'not_payable')),
  recorded_by uuid references users(id) on delete set null,
  created_at timestamptz not null default clock_timestamp(),
  unique (provider, provider_ref)
);
create index payments_checkout_idx on payments (checkout_id);

-- ---- Invoice and credit-note numbers: one counter row per kind and year, raised in the paying transaction ----
create table document_counters (
  kind text not null check (kind in ('invoice', 'credit_note')),
  year integer not null,
  last_value integer not null,
  primary key (kind, year)
);

create table invoices (
  id uuid primary key default gen_random_uuid(),
  number text not null unique,
  checkout_id uuid not null unique references checkouts(id) on delete restrict,
  payment_id uuid not null references payments(id) on delete restrict,
  user_id uuid not null references users(id) on delete restrict,
  -- Everything printed on the invoice (buyer, address, lines, totals): never edited afterwards.
  snapshot jsonb not null,
  issued_at timestamptz not null default clock_timestamp()
);

create table refunds (
  id uuid primary key default gen_random_uuid(),
  order_id uuid not null references orders(id) on delete restrict,
  payment_id uuid not null references payments(id) on delete restrict,
  provider text not null check (provider in ('bank_transfer', 'stripe', 'paypal')),
  -- The provider's refund id (null for a bank transfer sent by staff without one).
  provider_ref text,
  amount bigint not null check (amount > 0),
  currency text not null,
  reason text,
  staff_id uuid references users(id) on delete set null,
  created_at timestamptz not null default clock_timestamp()
);
create unique index refunds_provider_ref_key on refunds (provider, provider_ref) where provider_ref is not null;
create index refunds_order_idx on refunds (order_id);

create table credit_notes (
  id uuid primary key default gen_random_uuid(),
  number text not null unique,
  refund_id uuid not null unique references refunds(id) on delete restrict,
  invoice_id uuid not null references invoices(id) on delete restrict,
  snapshot jsonb not null,
  issued_at timestamptz not null default clock_timestamp()
);

-- Issued documents are never edited (a refund issues a credit note): the database refuses it, whatever the code does.
create function refuse_document_change() returns trigger language plpgsql as $$
begin
  raise exception 'issued % % cannot be changed or deleted', tg_table_name, old.number using errcode = 'P0001';
end;
$$;
create trigger invoices_frozen before update or delete on invoices for each row execute function refuse_document_change();
create trigger credit_notes_frozen before update or delete on credit_notes for each row execute function refuse_document_change();

-- ---- Tax: per destination, none by default -------------------------------------------------------------------
create table tax_rates (
  id uuid primary key default gen_random_uuid(),
  country text not null check (country ~ '^[A-Z]{2}$'),
  -- A US state (or other subdivision) code; null: the whole country.
  state text,
  rate_bp integer not null check (rate_bp between 0 and 10000),
  -- premium_and_shipping: the auctioneers' margin scheme; whole: the whole amount.
  applies_to text not null check (applies_to in ('premium_and_shipping', 'whole')),
  updated_at timestamptz not null default clock_timestamp()
);
create unique index tax_rates_destination_key on tax_rates (country, coalesce(state, ''));

-- ---- Second-chance offers: an unpaid lot offered to its underbidder at no more than their maximum ----------
create table second_chance_offers (
  id uuid primary key default gen_random_uuid(),
  -- sha-256 of the link's token: the token itself is only in the underbidder's mail.
  token_hash text not null unique,
  order_id uuid not null references orders(id) on delete restrict,
  lot_id uuid not null references lots(id) on delete restrict,
  user_id uuid not null references users(id) on delete restrict,
  price bigint not null check (price > 0),
  max_amount bigint not null check (price <= max_amount),
  status text not null default 'pending' check (status in ('pending', 'accepted', 'declined', 'expired')),
  new_order_id uuid references orders(id) on delete set null,
  staff_id uuid references users(id) on delete set null,
  expires_at timestamptz not null,
  responded_at timestamptz,
  created_at timestamptz not null default clock_timestamp()
);
create unique index second_chance_one_pending_key on second_chance_offers (lot_id) where status = 'pending';
create index second_chance_expiry_idx on second_chance_offers (expires_at) where status = 'pending';

-- ---- Staff actions on orders are audited like the others --------------------------------------------------
alter table staff_actions drop constraint staff_actions_action_check;
alter table staff_actions add constraint staff_actions_action_check check (action in ('create_auction',
  'update_auction', 'create_lot', 'update_lot', 'withdraw_lot', 'void_bid', 'block_bidder', 'unblock_bidder',
  'record_bank_transfer', 'ship_order', 'deliver_order', 'cancel_order', 'refund_order', 'second_chance_offer',
  'relist_rug', 'set_tax_rate', 'delete_tax_rate'));
alter table staff_actions add column order_id uuid references orders(id) on delete set null;
create index staff_actions_order_idx on staff_actions (order_id) where order_id is not null;
