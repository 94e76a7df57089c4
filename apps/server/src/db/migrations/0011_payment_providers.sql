-- Card (Stripe) and PayPal payments (decisions 025, 026).

-- The buyer's Stripe customer and saved card; only brand and last four digits are shown (card_brand, card_last4).
alter table users add column stripe_customer_id text;
alter table users add column stripe_payment_method_id text;

-- The provider's object for a checkout (Stripe PaymentIntent, PayPal order): one per checkout attempt, so a
-- retried request reuses it instead of creating another.
alter table checkouts add column provider_order_id text;
create unique index checkouts_provider_order_key on checkouts (method, provider_order_id) where provider_order_id is not null;

-- Every provider event handled, by the provider's event id: a replayed delivery is recognised and changes nothing.
-- Written in the same transaction as the state change it caused.
create table webhook_events (
  provider text not null check (provider in ('stripe', 'paypal')),
  event_id text not null,
  type text not null,
  received_at timestamptz not null default clock_timestamp(),
  primary key (provider, event_id)
);
