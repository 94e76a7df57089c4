-- Decision 103: the bid fast path's statement now writes several lots' bids at once
-- (bidding/bid-write-combiner.ts), so its limit check takes every lot's limited bidders in one call.
--
-- `p_wanted` is [{ "l": lot id, "u": user id, "m": the highest maximum they ask on that lot }]; a bidder is in one
-- lot of a statement at most (the combiner sees to it). The statement calls this once, after it has locked all of
-- its lots (the call reads a count of the locked rows, so it cannot run before them). For each bidder with a limit,
-- in user-id order across the whole statement: lock their row, then read their exposure in a query of its own.
-- Lots first in id order, then limits in user-id order, in every statement and in the locked path (one lot, then
-- its bidders' limits): no two transactions can wait on each other in a cycle. This function is volatile, so under
-- read committed the exposure query takes a new snapshot after the lock is granted and sees whatever the transaction
-- it waited for committed (a bid on another lot). Returns the lots where some maximum does not fit: exposure on
-- every lot but that one, plus the maximum, over the limit. Those lots are not written, and take the locked path,
-- which answers the refusal with its figures.
--
-- 0380's bidder_limits_hold (one lot per call) stays while a process of the previous release may still run during
-- an upgrade; nothing in this release calls it. It is redefined below as a call of this one, so the rule is written
-- once.
create function bidder_limits_failing(p_wanted jsonb) returns uuid[] language plpgsql volatile as $$
declare
  w record;
  lim bigint;
  committed bigint;
  failing uuid[] := '{}';
begin
  for w in
    select (x ->> 'l')::uuid as l, (x ->> 'u')::uuid as u, (x ->> 'm')::bigint as m
    from jsonb_array_elements(p_wanted) x order by 2
  loop
    select limit_cents into lim from bidder_limits where user_id = w.u for update;
    if not found then
      continue;
    end if;
    select coalesce(sum(e.cents), 0) into committed from bidder_exposure(w.u) e
      where e."lotId" is distinct from w.l;
    if committed + w.m > lim then
      failing := failing || w.l;
    end if;
  end loop;
  return failing;
end;
$$;

create or replace function bidder_limits_hold(p_lot uuid, p_wanted jsonb) returns boolean language sql volatile as $$
  select cardinality(bidder_limits_failing(
    (select coalesce(jsonb_agg(w || jsonb_build_object('l', p_lot)), '[]'::jsonb) from jsonb_array_elements(p_wanted) w)
  )) = 0
$$;
