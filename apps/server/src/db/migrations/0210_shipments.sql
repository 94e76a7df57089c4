-- Shipping as staff do it (issue 24 §2, decision 073). Orders paid together (one checkout: one shipping charge)
-- leave together: a shipment is the parcel of one paid checkout, marked shipped once with its carrier and tracking
-- number, and delivered once. Its row is written when staff mark it shipped (before that it is "to ship", read
-- from the checkout); the checkout id is its id, so a second "shipped" finds the row and changes nothing.
create table shipments (
  checkout_id uuid primary key references checkouts(id) on delete restrict,
  user_id uuid not null references users(id) on delete restrict,
  -- A code of packages/shared/src/shipping/carriers.ts, or 'other' with carrier_name.
  carrier text not null,
  carrier_name text,
  tracking_number text not null,
  shipped_by uuid references users(id) on delete set null,
  shipped_at timestamptz not null default clock_timestamp(),
  delivered_by uuid references users(id) on delete set null,
  delivered_at timestamptz
);
create index shipments_user_idx on shipments (user_id, shipped_at desc);

-- The house's identity printed on invoices and packing slips (name, address, tax number): a new settings key.
do $$
declare
  def text;
begin
  select pg_get_constraintdef(oid) into def from pg_constraint where conname = 'house_settings_key_check';
  if def is not null and def not like '%''house''%' then
    alter table house_settings drop constraint house_settings_key_check;
    execute 'alter table house_settings add constraint house_settings_key_check '
      || replace(def, 'ARRAY[', 'ARRAY[''house''::text, ');
  end if;
end;
$$;
