-- Issue 28 section 6 (decision 090, update of 2026-11-29 afternoon): a limited bidder's bid on the fast path.
--
-- A bidder's exposure lines (packages/shared/src/bidding/exposure.ts): their maximum on every open
-- lot they lead, and the hammer or buy-now price of every lot they won or bought and have not paid. A lot on a live
-- sale's block is led by the last bid of its live state (0060's live_lots): an online lead counts its amount, an
-- absentee lead the absentee's whole maximum. Defined once here (a set-returning SQL function the planner inlines):
-- the locked path (lots/bidder-limit-sql.ts, as json lines) and the fast path's check below both read it.
create function bidder_exposure(p_user uuid) returns table ("lotId" uuid, kind text, cents bigint)
language sql stable as $$
  select l.id, 'leading', l.leader_max from lots l
    where l.status = 'open' and l.leader_id = p_user and l.leader_max is not null
      and not exists (select 1 from live_lots ll where ll.lot_id = l.id and ll.closed_at is null)
  union all
  select ll.lot_id, 'leading', case when ll.state #>> '{bids,-1,source,kind}' = 'absentee'
      then (select max((a ->> 'max')::bigint) from jsonb_array_elements(ll.state -> 'absentee') a
            where a ->> 'bidderId' = p_user::text)
      else (ll.state #>> '{bids,-1,amount}')::bigint end
    from live_lots ll
    where ll.closed_at is null and ll.state #>> '{bids,-1,source,bidderId}' = p_user::text
  union all
  select o.lot_id, 'won_unpaid', coalesce(o.hammer_price, o.item_price) from orders o
    where o.user_id = p_user and o.lot_id is not null and o.status = 'awaiting_payment'
$$;

-- The same lines as one json array, as the locked path and the bidder's page read them.
create function bidder_exposure_lines(p_user uuid) returns json language sql stable as $$
  select coalesce(json_agg(x), '[]'::json) from bidder_exposure(p_user) x
$$;

-- The fast path's limit check, called by its one statement after the lot's row lock (the call names the locked
-- row, so it cannot run before it). `p_wanted` is [{ "u": user id, "m": the highest maximum they ask on this lot }].
-- For each bidder with a limit, in user-id order (the locked path's order): lock their row, then read their exposure
-- in a query of its own. This function is volatile, so under read committed that query takes a new snapshot after
-- the lock is granted and sees whatever the transaction it waited for committed (a bid on another lot): one
-- statement could not, its snapshot predating the wait. True when every maximum fits: exposure on every lot but
-- this one, plus the maximum, at most the limit. False makes the statement write nothing, and the bid takes the
-- locked path, which answers the refusal with its figures.
create function bidder_limits_hold(p_lot uuid, p_wanted jsonb) returns boolean language plpgsql volatile as $$
declare
  w record;
  lim bigint;
  committed bigint;
begin
  for w in
    select (x ->> 'u')::uuid as u, (x ->> 'm')::bigint as m from jsonb_array_elements(p_wanted) x order by 1
  loop
    select limit_cents into lim from bidder_limits where user_id = w.u for update;
    if not found then
      continue;
    end if;
    select coalesce(sum(x.cents), 0) into committed from bidder_exposure(w.u) x
      where x."lotId" is distinct from p_lot;
    if committed + w.m > lim then
      return false;
    end if;
  end loop;
  return true;
end;
$$;

-- The open lots a bidder leads, for the read above on every limited bid: without it the read walked every open lot
-- (4 ms with 1,000 of them, measured). Partial: closed lots, the great majority over time, are not in it. A leader
-- change is then not a HOT update; the bench showed no slower unlimited bids for it (decision 090).
create index lots_open_leader_idx on lots (leader_id) where status = 'open';
