-- Issue 10: the lot's state is stored once (lots); a bid no longer rewrites the rug.
--
-- Until now a bid that moved the price copied it into rugs.lot_price through lots_sync_rug_update (0008). A rugs
-- row version is expensive: price_cents is in every covering index of the listing (0007, 0009), so the update is
-- never HOT and inserts into all of them. On the bid path that was a second write of the lot's state per bid.
--
-- Now the trigger no longer watches current_bid: a lot's opening, closing, move, withdrawal, a new end (soft close)
-- or a changed opening bid still copy what the catalogue filters on, at once and with the then-current price; the
-- price that bids move reaches rugs.lot_price through jobs/listing-prices.ts, one statement every few seconds for
-- every active lot whose price moved (at most one rug version per lot per run, however many bids). Cards and the
-- rug page read the live price from the lot itself (catalogue/mappers.ts), so what a visitor reads is never stale;
-- only the listing's price filter and price sort may lag the last bids by that interval, as its caches already do.

drop trigger lots_sync_rug_update on lots;

create trigger lots_sync_rug_update
after update of rug_id, status, starts_at, ends_at, opening_bid on lots
for each row
when (old.rug_id is distinct from new.rug_id
   or old.status is distinct from new.status
   or old.starts_at is distinct from new.starts_at
   or old.ends_at is distinct from new.ends_at
   or old.opening_bid is distinct from new.opening_bid)
execute function lots_after_change();
