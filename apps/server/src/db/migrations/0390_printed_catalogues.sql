-- Issue 29 section 3 (decision 094): a sale's printed catalogue and, after the sale, its realised prices, as PDFs in
-- each language. One row per (sale, kind, language): the version of the sale's printed content it was made from,
-- where the job stands (lots prepared of the total, for staff), and the stored file once ready. A change to the sale
-- or a lot changes the version the routes compute; the row is then queued again and the old file stays served
-- until the new one is ready.
create table printed_catalogues (
  auction_id uuid not null references auctions(id) on delete cascade,
  kind text not null check (kind in ('catalogue', 'realised')),
  language text not null check (language in ('en', 'fr', 'ar')),
  -- md5 of everything the document prints (printed-catalogues/repository.ts, contentVersion).
  version text not null,
  status text not null default 'queued' check (status in ('queued', 'rendering', 'ready', 'failed')),
  lots_done integer not null default 0 check (lots_done >= 0),
  lots_total integer not null default 0 check (lots_total >= 0),
  -- The last file made, under printed/ in the media store, and the version it shows.
  storage_key text check (storage_key like 'printed/%'),
  file_version text,
  size_bytes integer check (size_bytes > 0),
  requested_at timestamptz not null default clock_timestamp(),
  -- A job holds the row while it renders; one claimed long ago belongs to a process that died and is taken again.
  claimed_at timestamptz,
  finished_at timestamptz,
  error text,
  primary key (auction_id, kind, language),
  check ((storage_key is null) = (file_version is null))
);
-- The job's scan: rows waiting, oldest request first.
create index printed_catalogues_queue_idx on printed_catalogues (requested_at) where status in ('queued', 'rendering');
