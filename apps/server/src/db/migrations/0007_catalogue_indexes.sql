-- Catalogue listing indexes for 100,000 rugs (docs/benchmarks.md, "Catalogue listing").
--
-- A rugs row is ~1.8 KB (description, condition report and their search vector), so four rows fit a heap page and
-- every filter the plain indexes cannot answer reads a page per candidate row. These indexes carry every column the
-- listing filters on (INCLUDE), so the listing finds a page of ids and counts matches with index-only scans over
-- ~150-byte entries, then reads the heap for the 24 rows it shows (modules/catalogue/rug-repository.ts). One per
-- sort key, so each sort walks its own order; all partial on the published statuses, like the listing's WHERE.
-- Text search (search_vector) and collections stay with their GIN / rug_collections indexes.

create index rugs_newest_cover_idx on rugs (published_at desc, id)
  include (style, age_class, shape, width_cm, length_cm, price_cents, status, fixed_price, active_ends_at,
           lot_status, lot_starts_at, lot_ends_at, origin_region, origin_country, colours, materials)
  where status in ('available', 'reserved', 'sold');

create index rugs_price_cover_idx on rugs (price_cents, id)
  include (style, age_class, shape, width_cm, length_cm, status, fixed_price, active_ends_at,
           lot_status, lot_starts_at, lot_ends_at, origin_region, origin_country, colours, materials, published_at)
  where status in ('available', 'reserved', 'sold');

create index rugs_area_cover_idx on rugs (area_cm2, id)
  include (style, age_class, shape, width_cm, length_cm, price_cents, status, fixed_price, active_ends_at,
           lot_status, lot_starts_at, lot_ends_at, origin_region, origin_country, colours, materials, published_at)
  where status in ('available', 'reserved', 'sold');

-- Rugs in a scheduled or open lot (a few percent): "open", "upcoming" and "ending soon" read only this index; the
-- availability filter is written on active_ends_at so the planner can prove it (filter-sql.ts).
create index rugs_active_lot_cover_idx on rugs (active_ends_at, published_at desc, id)
  include (style, age_class, shape, width_cm, length_cm, price_cents, status, fixed_price,
           lot_status, lot_starts_at, lot_ends_at, origin_region, origin_country, colours, materials)
  where active_ends_at is not null and status in ('available', 'reserved', 'sold');

-- The covering indexes above supersede these (same leading keys, same predicates).
drop index rugs_newest_idx;
drop index rugs_price_idx;
drop index rugs_area_idx;
