-- Live chat (issue 12, decision 050): conversations between a customer (a signed-in user, or a visitor who left an
-- e-mail address) and the house's staff. A visitor's secret token is not stored: it is an HMAC of the
-- conversation id (decision 050), so the e-mail sent for a late reply can carry it back.
create table chat_conversations (
  id uuid primary key default gen_random_uuid(),
  user_id uuid references users(id) on delete cascade,
  email text,
  language text not null default 'en' check (language in ('en', 'fr', 'ar')),
  status text not null default 'open' check (status in ('open', 'pending', 'resolved')),
  assignee_id uuid references users(id) on delete set null,
  -- The oldest customer message staff have not answered yet; null once staff spoke last.
  waiting_since timestamptz,
  -- Read markers: one for the customer, one shared by the staff (any staff member reading clears the count).
  customer_read_at timestamptz,
  staff_read_at timestamptz,
  -- The customer's open widget sends a heartbeat; a staff reply while it is older goes by e-mail too.
  customer_seen_at timestamptz,
  last_message_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  check (user_id is not null or email is not null)
);
create index chat_conversations_user_idx on chat_conversations (user_id, last_message_at desc);
create index chat_conversations_inbox_idx on chat_conversations (status, last_message_at desc);

create table chat_messages (
  id uuid primary key default gen_random_uuid(),
  conversation_id uuid not null references chat_conversations(id) on delete cascade,
  author text not null check (author in ('customer', 'staff')),
  staff_id uuid references users(id) on delete set null,
  body text not null check (char_length(body) between 1 and 1000),
  created_at timestamptz not null default clock_timestamp()
);
create index chat_messages_conversation_idx on chat_messages (conversation_id, created_at);

-- Staff presence across server processes: the inbox page refreshes its row every 30 s.
create table chat_staff_presence (
  user_id uuid primary key references users(id) on delete cascade,
  seen_at timestamptz not null
);
