-- Issue 28 section 2 (decision 090): a bidder's bidding limit, enforced inside the bid. A bidder without a row has no
-- limit and takes no extra lock; a bidder with one has their row locked (in user-id order) by every transaction that
-- accepts a maximum or a buy on their behalf, so two bids on two lots cannot both pass the check.
create table bidder_limits (
  user_id uuid primary key references users(id) on delete cascade,
  limit_cents bigint not null check (limit_cents >= 0),
  -- Why staff set it (or, later, the deposit or registration that set it): shown on the bidder's page.
  note text not null default '' check (length(note) <= 500),
  set_by uuid references users(id) on delete set null,
  set_at timestamptz not null default clock_timestamp()
);

-- The lots on a live sale's block (one per running sale), for the exposure of a bidder leading one.
create index live_lots_on_block_idx on live_lots (lot_id) where closed_at is null;

-- Setting or clearing a limit is audited, added to whatever the check allows now.
do $$
declare
  def text;
begin
  select pg_get_constraintdef(oid) into def from pg_constraint where conname = 'staff_actions_action_check';
  if def not like '%''set_bidding_limit''%' then
    alter table staff_actions drop constraint staff_actions_action_check;
    execute 'alter table staff_actions add constraint staff_actions_action_check '
      || replace(def, 'ARRAY[', 'ARRAY[''set_bidding_limit''::text, ');
  end if;
end;
$$;
