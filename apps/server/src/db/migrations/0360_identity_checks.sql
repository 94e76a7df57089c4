-- Issue 28 section 3 (decision 093): identity checks above a threshold. A buyer whose purchases from the house within
-- the period reach the threshold (house settings, default EUR 10,000 in 12 months) pays only once an identity document
-- is approved. The document is kept privately in the media store under `identity/` (never served by /media; admins
-- read it through an authenticated route) and deleted by a job after the retention period; the row stays, with
-- deleted_at, so the decision and who took it outlive the file.
create table identity_checks (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users(id) on delete cascade,
  document_kind text not null check (document_kind in ('passport', 'id_card', 'driving_licence')),
  -- The object's key in the media store; made by the server, always under identity/.
  storage_key text not null check (storage_key like 'identity/%'),
  content_type text not null check (content_type in ('image/webp', 'application/pdf')),
  size_bytes integer not null check (size_bytes > 0),
  status text not null default 'pending' check (status in ('pending', 'approved', 'rejected')),
  -- Why staff refused the document: shown to the buyer in their profile and in the mail.
  reason text check (length(reason) <= 500),
  reviewed_by uuid references users(id) on delete set null,
  reviewed_at timestamptz,
  created_at timestamptz not null default clock_timestamp(),
  -- The stored object was deleted at the end of the retention period.
  deleted_at timestamptz,
  check ((status = 'pending') = (reviewed_at is null)),
  check ((status = 'rejected') = (reason is not null))
);
-- A buyer has at most one check waiting for review.
create unique index identity_checks_one_pending on identity_checks (user_id) where status = 'pending';
create index identity_checks_user_idx on identity_checks (user_id, created_at desc);
create index identity_checks_queue_idx on identity_checks (status, created_at);
-- The retention job's scan: documents still stored, oldest first.
create index identity_checks_stored_idx on identity_checks (created_at) where deleted_at is null;

-- The buyer's purchases within the period are read through orders_user_idx (0005).

-- The identity settings: a new settings key.
do $$
declare
  def text;
begin
  select pg_get_constraintdef(oid) into def from pg_constraint where conname = 'house_settings_key_check';
  if def is not null and def not like '%''identity''%' then
    alter table house_settings drop constraint house_settings_key_check;
    execute 'alter table house_settings add constraint house_settings_key_check '
      || replace(def, 'ARRAY[', 'ARRAY[''identity''::text, ');
  end if;
end;
$$;

-- Reviewing a check and opening a document are audited, added to whatever the check allows now.
do $$
declare
  def text;
begin
  select pg_get_constraintdef(oid) into def from pg_constraint where conname = 'staff_actions_action_check';
  if def not like '%''review_identity_check''%' then
    alter table staff_actions drop constraint staff_actions_action_check;
    execute 'alter table staff_actions add constraint staff_actions_action_check '
      || replace(def, 'ARRAY[', 'ARRAY[''review_identity_check''::text, ''view_identity_document''::text, ');
  end if;
end;
$$;
