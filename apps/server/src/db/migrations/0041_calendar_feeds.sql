-- Personal calendar feeds (issue 14 section 2, decision 046): one secret token per account, in the feed's URL
-- (GET /api/v1/calendar/{token}.ics). Regenerating replaces the row, so the old URL stops working at once.
create table calendar_feeds (
  user_id uuid primary key references users(id) on delete cascade,
  token text not null unique,
  created_at timestamptz not null default now()
);
