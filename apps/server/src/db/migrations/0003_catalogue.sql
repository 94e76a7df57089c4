-- Catalogue: rugs, their images and collections; sales (auctions) and lots.
-- Money is bigint cents; times are timestamptz. Enumerations are text + check so new values need only a migration
-- of the check, never a type rewrite.

-- Folds text for search the same way the server folds a query (lib: modules/catalogue/search-text.ts):
-- lower case and the Latin accents rug names carry (Hériz, Uşak, Kütahya, Şirvan). PGlite loads no extension by
-- default, so `unaccent` is not an option; translate() is immutable and available everywhere.
create function knotwork_fold(t text) returns text
language sql immutable parallel safe
as $$
  select translate(lower(coalesce(t, '')),
    'áàâäãåāăąçćčďéèêëēėęěğíìîïīıķłľńñňóòôöõøōőŕřśşšșţťțúùûüūůűųýÿžźż',
    'aaaaaaaaacccdeeeeeeeegiiiiiikllnnnoooooooorrsssstttuuuuuuuuyyzzz')
$$;

create table rugs (
  id uuid primary key default gen_random_uuid(),
  slug text not null unique,
  title text not null,
  description text not null default '',
  origin_country text not null,
  -- The weaving centre or region collectors name a rug by: Heriz, Tabriz, Oushak, Kazak.
  origin_region text not null,
  style text not null check (style in ('persian', 'turkish', 'caucasian', 'centralAsian', 'moroccan', 'indian', 'chinese', 'european', 'modern')),
  age_class text not null check (age_class in ('antique', 'vintage', 'modern')),
  circa_year integer check (circa_year between 1500 and 2100),
  width_cm integer not null check (width_cm between 1 and 5000),
  length_cm integer not null check (length_cm between 1 and 5000),
  area_cm2 integer generated always as (width_cm * length_cm) stored,
  shape text not null check (shape in ('rectangle', 'runner', 'square', 'round', 'oval')),
  pile_materials text[] not null default '{}',
  foundation_materials text[] not null default '{}',
  -- Both, for the one "materials" filter (GIN-indexed).
  materials text[] generated always as (pile_materials || foundation_materials) stored,
  knot_type text check (knot_type in ('symmetric', 'asymmetric', 'jufti', 'tibetan', 'flatweave', 'handTufted')),
  -- Knots per square inch; null for flatweaves.
  knot_density integer check (knot_density between 1 and 3000),
  colours text[] not null default '{}',
  condition_grade text not null check (condition_grade in ('excellent', 'veryGood', 'good', 'fair', 'worn')),
  condition_report text not null default '',
  estimate_low bigint not null check (estimate_low >= 0),
  estimate_high bigint not null check (estimate_high >= estimate_low),
  -- A fixed (buy now) price, when the rug is offered outright.
  fixed_price bigint check (fixed_price > 0),
  status text not null default 'available' check (status in ('draft', 'available', 'reserved', 'sold', 'withdrawn')),
  published_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),

  -- Denormalised from the rug's current (scheduled/open) lot, else its latest lot, by the trigger on lots below,
  -- so the listing filters and sorts on one table with plain btree indexes at 100,000 rugs. Never written by code.
  lot_id uuid,
  lot_status text,
  lot_starts_at timestamptz,
  lot_ends_at timestamptz,
  -- End of a scheduled/open lot only: the "ending soon" sort key.
  active_ends_at timestamptz,
  -- Current bid (or opening bid before the first) of a scheduled/open lot.
  lot_price bigint,
  -- What "price" means for filters and sorts: the live lot price, else the fixed price, else the low estimate.
  price_cents bigint generated always as (coalesce(lot_price, fixed_price, estimate_low)) stored,

  search_vector tsvector generated always as (
    setweight(to_tsvector('simple', knotwork_fold(title)), 'A') ||
    setweight(to_tsvector('simple', knotwork_fold(origin_region || ' ' || origin_country)), 'B') ||
    setweight(to_tsvector('simple', knotwork_fold(description)), 'C')
  ) stored
);

-- Listing paths: every index is partial on the published statuses the listing reads.
create index rugs_newest_idx on rugs (published_at desc, id) where status in ('available', 'reserved', 'sold');
create index rugs_price_idx on rugs (price_cents, id) where status in ('available', 'reserved', 'sold');
create index rugs_area_idx on rugs (area_cm2, id) where status in ('available', 'reserved', 'sold');
create index rugs_ending_idx on rugs (active_ends_at, id) where active_ends_at is not null;
create index rugs_search_idx on rugs using gin (search_vector);
create index rugs_colours_idx on rugs using gin (colours);
create index rugs_materials_idx on rugs using gin (materials);
create index rugs_style_idx on rugs (style);
create index rugs_age_class_idx on rugs (age_class);
create index rugs_shape_idx on rugs (shape);
create index rugs_origin_region_idx on rugs (lower(origin_region));
create index rugs_origin_country_idx on rugs (lower(origin_country));
create index rugs_fixed_price_idx on rugs (id) where fixed_price is not null and status = 'available';
create index rugs_sold_idx on rugs (id) where status = 'sold';

create table rug_images (
  rug_id uuid not null references rugs(id) on delete cascade,
  image_id uuid not null references media_images(id) on delete restrict,
  position integer not null default 0,
  alt text,
  primary key (rug_id, image_id)
);
create index rug_images_order_idx on rug_images (rug_id, position);

-- Collections exist since 0001; a cover picture may now point at a stored image.
alter table collections add column cover_image_id uuid references media_images(id) on delete set null;

create table rug_collections (
  rug_id uuid not null references rugs(id) on delete cascade,
  collection_id uuid not null references collections(id) on delete cascade,
  primary key (rug_id, collection_id)
);
create index rug_collections_collection_idx on rug_collections (collection_id, rug_id);

create table auctions (
  id uuid primary key default gen_random_uuid(),
  slug text not null unique,
  title text not null,
  description text not null default '',
  type text not null default 'timed' check (type in ('timed', 'live')),
  status text not null default 'scheduled' check (status in ('draft', 'scheduled', 'open', 'closed', 'cancelled')),
  starts_at timestamptz not null,
  -- End of lot 1; lot n ends at ends_at + (n - 1) * stagger_seconds unless soft close moved it.
  ends_at timestamptz not null check (ends_at > starts_at),
  stagger_seconds integer not null default 60 check (stagger_seconds >= 0),
  buyers_premium_pct numeric(5, 2) not null default 25 check (buyers_premium_pct between 0 and 100),
  -- [{ "from": cents, "increment": cents }, ...] ascending; null = the house table (AUCTION-RULES.md).
  increments jsonb,
  soft_close_enabled boolean not null default true,
  soft_close_window_seconds integer not null default 120 check (soft_close_window_seconds >= 0),
  soft_close_extension_seconds integer not null default 120 check (soft_close_extension_seconds >= 0),
  cover_image_id uuid references media_images(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index auctions_starts_idx on auctions (starts_at);
create index auctions_ends_idx on auctions (ends_at);

create table lots (
  id uuid primary key default gen_random_uuid(),
  auction_id uuid not null references auctions(id) on delete cascade,
  rug_id uuid not null references rugs(id) on delete restrict,
  lot_number integer not null check (lot_number >= 1),
  opening_bid bigint not null check (opening_bid > 0),
  -- Hidden: never in an API answer; only reserve_met is shown.
  reserve bigint check (reserve > 0),
  buy_now_price bigint check (buy_now_price > 0),
  estimate_low bigint not null check (estimate_low >= 0),
  estimate_high bigint not null check (estimate_high >= estimate_low),
  status text not null default 'scheduled' check (status in ('scheduled', 'open', 'closed', 'withdrawn')),
  outcome text check (outcome in ('sold', 'unsold')),
  starts_at timestamptz not null,
  ends_at timestamptz not null check (ends_at > starts_at),
  current_bid bigint,
  leader_id uuid references users(id) on delete set null,
  -- The leader's proxy maximum: hidden like the reserve.
  leader_max bigint,
  bid_count integer not null default 0,
  reserve_met boolean not null default false,
  -- Per-lot event sequence, bumped by every change clients must see in order.
  seq bigint not null default 0,
  closed_at timestamptz,
  hammer_price bigint,
  winner_id uuid references users(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (auction_id, lot_number),
  check ((status = 'closed') = (outcome is not null))
);
-- A rug is in at most one scheduled or open lot.
create unique index lots_rug_active_key on lots (rug_id) where status in ('scheduled', 'open');
create index lots_rug_idx on lots (rug_id, ends_at desc);
create index lots_open_ending_idx on lots (ends_at, id) where status in ('scheduled', 'open');

-- Keeps the rug's denormalised lot columns in step with whatever writes lots (seeding, the auction engine).
create function rugs_sync_lot(p_rug uuid) returns void
language plpgsql
as $$
begin
  update rugs r set
    lot_id = l.id,
    lot_status = l.status,
    lot_starts_at = l.starts_at,
    lot_ends_at = l.ends_at,
    active_ends_at = case when l.status in ('scheduled', 'open') then l.ends_at end,
    lot_price = case when l.status in ('scheduled', 'open') then coalesce(l.current_bid, l.opening_bid) end
  from (
    select id, status, starts_at, ends_at, current_bid, opening_bid
    from lots
    where rug_id = p_rug and status <> 'withdrawn'
    order by (status in ('scheduled', 'open')) desc, ends_at desc
    limit 1
  ) l
  where r.id = p_rug;
  if not found then
    update rugs set lot_id = null, lot_status = null, lot_starts_at = null, lot_ends_at = null,
      active_ends_at = null, lot_price = null
    where id = p_rug and lot_id is not null;
  end if;
end
$$;

create function lots_after_change() returns trigger
language plpgsql
as $$
begin
  if tg_op = 'DELETE' then
    perform rugs_sync_lot(old.rug_id);
    return old;
  end if;
  perform rugs_sync_lot(new.rug_id);
  if tg_op = 'UPDATE' and old.rug_id <> new.rug_id then
    perform rugs_sync_lot(old.rug_id);
  end if;
  return new;
end
$$;

create trigger lots_sync_rug
after insert or delete or update of rug_id, status, starts_at, ends_at, current_bid, opening_bid on lots
for each row execute function lots_after_change();
