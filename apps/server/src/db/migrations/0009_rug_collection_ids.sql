-- The collection filter without a join (docs/benchmarks.md, "Catalogue listing").
--
-- Filtering by collection went through rug_collections (`r.id in (select rug_id ...)`): the planner hashed the whole
-- collection's membership before it could walk a sort index, so a footer link cost ~10 ms for its page and as much
-- again for its capped count at 100,000 rugs, the slowest listing there was. Each rug now carries the ids of its
-- collections in `collection_ids`, kept equal to rug_collections by statement-level triggers, and the covering
-- indexes of 0007 include it: a collection page is an index-only walk in sort order that stops after one page, like
-- the colour and material filters. rug_collections stays the source of truth (admin edits, the seed and the
-- generator write it); the GIN index serves small collections, where walking a sort index would read too far.

alter table rugs add column collection_ids uuid[] not null default '{}';

update rugs r set collection_ids = m.ids
from (select rug_id, array_agg(collection_id order by collection_id) as ids from rug_collections group by rug_id) m
where m.rug_id = r.id;

-- Statement level with transition tables: a bulk insert of 100,000 memberships rewrites each rug once, not once
-- per row. A trigger with transition tables may name only one event, hence three triggers on one function; PL/pgSQL
-- plans a statement when it first runs it, so each branch only names the transition tables its event has.
-- Writers may set collection_ids themselves when they insert a rug (sorted by id, as here); the trigger then finds
-- nothing to change.
create function rug_collections_sync() returns trigger
language plpgsql
as $$
declare
  touched uuid[];
begin
  if tg_op = 'INSERT' then
    select array_agg(distinct rug_id) into touched from changed_new;
  elsif tg_op = 'DELETE' then
    select array_agg(distinct rug_id) into touched from changed_old;
  else
    select array_agg(distinct rug_id) into touched from (select rug_id from changed_new union select rug_id from changed_old) c;
  end if;
  -- Only rugs whose list really changes get a new row version: a rugs update is costly (no HOT update is possible
  -- while the covering indexes carry the column) and the seed and generator insert rugs with the ids already set.
  update rugs r set collection_ids = m.ids
  from (
    select t.rug_id, coalesce(
        (select array_agg(rc.collection_id order by rc.collection_id) from rug_collections rc where rc.rug_id = t.rug_id),
        '{}') as ids
    from unnest(touched) as t(rug_id)
  ) m
  where r.id = m.rug_id and r.collection_ids is distinct from m.ids;
  return null;
end
$$;

create trigger rug_collections_sync_insert after insert on rug_collections
  referencing new table as changed_new
  for each statement execute function rug_collections_sync();
create trigger rug_collections_sync_delete after delete on rug_collections
  referencing old table as changed_old
  for each statement execute function rug_collections_sync();
create trigger rug_collections_sync_update after update on rug_collections
  referencing old table as changed_old new table as changed_new
  for each statement execute function rug_collections_sync();

create index rugs_collection_ids_idx on rugs using gin (collection_ids);

-- 0007's covering indexes again, each with collection_ids added (same keys, same predicates).
drop index rugs_newest_cover_idx;
drop index rugs_price_cover_idx;
drop index rugs_area_cover_idx;
drop index rugs_active_lot_cover_idx;

create index rugs_newest_cover_idx on rugs (published_at desc, id)
  include (style, age_class, shape, width_cm, length_cm, price_cents, status, fixed_price, active_ends_at,
           lot_status, lot_starts_at, lot_ends_at, origin_region, origin_country, colours, materials, collection_ids)
  where status in ('available', 'reserved', 'sold');

create index rugs_price_cover_idx on rugs (price_cents, id)
  include (style, age_class, shape, width_cm, length_cm, status, fixed_price, active_ends_at,
           lot_status, lot_starts_at, lot_ends_at, origin_region, origin_country, colours, materials, published_at,
           collection_ids)
  where status in ('available', 'reserved', 'sold');

create index rugs_area_cover_idx on rugs (area_cm2, id)
  include (style, age_class, shape, width_cm, length_cm, price_cents, status, fixed_price, active_ends_at,
           lot_status, lot_starts_at, lot_ends_at, origin_region, origin_country, colours, materials, published_at,
           collection_ids)
  where status in ('available', 'reserved', 'sold');

create index rugs_active_lot_cover_idx on rugs (active_ends_at, published_at desc, id)
  include (style, age_class, shape, width_cm, length_cm, price_cents, status, fixed_price,
           lot_status, lot_starts_at, lot_ends_at, origin_region, origin_country, colours, materials, collection_ids)
  where active_ends_at is not null and status in ('available', 'reserved', 'sold');
