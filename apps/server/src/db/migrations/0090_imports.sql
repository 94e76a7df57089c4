-- Importing rugs and lots from CSV (issue 11, decision 058).

-- The import key of a rug that came from a CSV: `ref:` + the house's stock number when the row has one, else
-- `row:` + a hash of the row. Unique, so running the same file twice creates nothing twice (ON CONFLICT).
alter table rugs add column import_key text;
create unique index rugs_import_key_idx on rugs (import_key) where import_key is not null;

-- One import run: the page polls its progress; the rows in error are kept for the report.
create table import_jobs (
  id uuid primary key default gen_random_uuid(),
  kind text not null check (kind in ('rugs', 'lots')),
  staff_id uuid references users(id) on delete set null,
  auction_id uuid references auctions(id) on delete set null,
  status text not null default 'running' check (status in ('running', 'done', 'failed')),
  total integer not null,
  done integer not null default 0,
  created integer not null default 0,
  skipped integer not null default 0,
  failed integer not null default 0,
  errors jsonb not null default '[]'::jsonb,
  created_at timestamptz not null default now(),
  finished_at timestamptz
);
create index import_jobs_staff_idx on import_jobs (staff_id, created_at desc);
