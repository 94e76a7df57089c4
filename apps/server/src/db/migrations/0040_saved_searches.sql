-- Saved searches with alerts (issue 14, decision 045). A collector saves a listing filter; when a rug that
-- matches is published or put into a sale, they are told once per rug per search.

create table saved_searches (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users(id) on delete cascade,
  name text not null check (length(name) between 1 and 80),
  -- The listing's RugFilter without page, pageSize and sort (packages/shared/src/schemas/saved-search.ts).
  filter jsonb not null,
  email_mode text not null default 'instant' check (email_mode in ('instant', 'daily', 'off')),
  paused boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index saved_searches_user_idx on saved_searches (user_id, created_at desc);
-- The matching job reads every active search, in id order, a chunk at a time.
create index saved_searches_active_idx on saved_searches (id) where not paused;

-- Rugs waiting to be matched. Written by the triggers below on every path that publishes a rug or puts it into a
-- sale (staff API, back office, imports, the demo seed), so no caller can forget it; drained by the job
-- (modules/saved-searches/matching-job.ts). One row per rug however often it is queued before the job runs.
create table saved_search_queue (
  rug_id uuid primary key references rugs(id) on delete cascade,
  queued_at timestamptz not null default now()
);

-- One row per (search, rug): the primary key is what makes "one alert per rug per search" hold however often the
-- rug is edited, withdrawn and republished, or put into another sale.
create table saved_search_alerts (
  saved_search_id uuid not null references saved_searches(id) on delete cascade,
  rug_id uuid not null references rugs(id) on delete cascade,
  -- The search's owner, copied so the mail job groups by person without a join. No foreign key: the search's
  -- cascade already removes the row with the account, and an import writes many alerts (one check fewer each).
  user_id uuid not null,
  created_at timestamptz not null default now(),
  -- When the e-mail is due: at once, the next digest hour, or null for no e-mail.
  email_due_at timestamptz,
  emailed_at timestamptz,
  primary key (saved_search_id, rug_id)
);
create index saved_search_alerts_mail_due_idx on saved_search_alerts (user_id, email_due_at)
  where emailed_at is null and email_due_at is not null;
-- Deleting a rug (cascade) finds its alerts.
create index saved_search_alerts_rug_idx on saved_search_alerts (rug_id);

create function knotwork_queue_rug_for_saved_searches() returns trigger
language plpgsql as $$
begin
  if tg_table_name = 'rugs' then
    -- Published: a new rug that is for sale, or one coming back from draft or withdrawn.
    if new.status in ('available', 'reserved')
       and (tg_op = 'INSERT' or old.status not in ('available', 'reserved', 'sold')) then
      insert into saved_search_queue (rug_id) values (new.id) on conflict do nothing;
    end if;
  elsif new.status in ('scheduled', 'open') and (tg_op = 'INSERT' or old.status not in ('scheduled', 'open')) then
    -- Put into a sale. A lot of a rug that is not public yet is matched when the rug is published.
    insert into saved_search_queue (rug_id)
      select id from rugs where id = new.rug_id and status in ('available', 'reserved')
      on conflict do nothing;
  end if;
  return null;
end
$$;

create trigger rugs_queue_saved_searches after insert or update of status on rugs
  for each row execute function knotwork_queue_rug_for_saved_searches();
create trigger lots_queue_saved_searches after insert or update of status on lots
  for each row execute function knotwork_queue_rug_for_saved_searches();
