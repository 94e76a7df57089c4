-- Issue 29 section 2 (decision 095): condition reports on request. A signed-in collector asks for a lot's condition
-- report (once per lot: asking again is the same request); the specialist desk answers with text and photos before
-- the house's promise runs out. Answers are versions, never edited in place: a correction is a new version, so what a
-- collector was sent stays on record beside what replaced it.
create table condition_reports (
  id uuid primary key default gen_random_uuid(),
  lot_id uuid not null references lots(id) on delete cascade,
  -- 1 for the first answer, then one more per correction; the highest is the one collectors read.
  version integer not null check (version > 0),
  body text not null check (length(body) between 1 and 10000),
  author_id uuid references users(id) on delete set null,
  created_at timestamptz not null default clock_timestamp(),
  unique (lot_id, version)
);

-- The report's photos in the order the specialist gave them (re-encoded by the media pipeline, kind 'rug').
create table condition_report_photos (
  report_id uuid not null references condition_reports(id) on delete cascade,
  position integer not null check (position >= 0),
  image_id uuid not null references media_images(id),
  primary key (report_id, position)
);
create index condition_report_photos_image_idx on condition_report_photos (image_id);

create table condition_report_requests (
  id uuid primary key default gen_random_uuid(),
  lot_id uuid not null references lots(id) on delete cascade,
  user_id uuid not null references users(id) on delete cascade,
  -- The collector's own question, read only by them and by staff.
  question text check (length(question) <= 1000),
  requested_at timestamptz not null default clock_timestamp(),
  -- The promise as it stood when asked (Settings, default 24 h): a later change of the promise does not move it.
  due_at timestamptz not null,
  answered_at timestamptz,
  -- The version that answered the request first (a later correction reaches the requester too, as a new version).
  answered_version integer,
  -- Answered from a report that already existed: left out of the desk's response time, which measures the desk.
  answered_at_once boolean not null default false,
  unique (lot_id, user_id),
  check ((answered_at is null) = (answered_version is null)),
  check (due_at > requested_at)
);
-- The desk: open requests by due time (overdue first is due_at < now, the oldest due first).
create index condition_report_requests_open_idx on condition_report_requests (due_at) where answered_at is null;
-- The dashboard's median over the last 90 days, and the answered list, newest first.
create index condition_report_requests_answered_idx on condition_report_requests (answered_at)
  where answered_at is not null;
create index condition_report_requests_user_idx on condition_report_requests (user_id, requested_at desc);

-- The promise: a new settings key.
do $$
declare
  def text;
begin
  select pg_get_constraintdef(oid) into def from pg_constraint where conname = 'house_settings_key_check';
  if def is not null and def not like '%''condition_reports''%' then
    alter table house_settings drop constraint house_settings_key_check;
    execute 'alter table house_settings add constraint house_settings_key_check '
      || replace(def, 'ARRAY[', 'ARRAY[''condition_reports''::text, ');
  end if;
end;
$$;
