-- Notification settings (issue 24.5, decision 075): what each account wants to hear about, per kind (outbid,
-- lot_opening, ending_soon, results, orders, saved_searches, messages) and channel (email, push, inApp), as one
-- JSON object per account. A missing row, kind or channel means "on": only the switches a person turned off matter.
create table notification_settings (
  user_id uuid primary key references users (id) on delete cascade,
  settings jsonb not null default '{}'::jsonb,
  updated_at timestamptz not null default now()
);

-- The e-mails about a lot that were sent (outbid, lot_opening, ending_soon): one row per account, lot and kind, so
-- a lot never mails the same news twice, and an outbid e-mail goes out again only after its reader bid again
-- (a bid of theirs newer than sent_at).
create table notification_mails (
  user_id uuid not null references users (id) on delete cascade,
  lot_id uuid not null references lots (id) on delete cascade,
  kind text not null,
  sent_at timestamptz not null default clock_timestamp(),
  primary key (user_id, lot_id, kind)
);
create index notification_mails_lot_idx on notification_mails (lot_id);
