-- Editorial content (blog, FAQ, legal pages, testimonials, careers), notify-me sign-ups and the saved
-- addresses of signed-in users. Markdown is stored as written and rendered + sanitised when served.

create table blog_posts (
  id uuid primary key default gen_random_uuid(),
  slug text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  title text not null,
  excerpt text not null,
  body_markdown text not null,
  -- Picture managed by the media module; a deleted image leaves the post without a cover.
  cover_image_id uuid references media_images(id) on delete set null,
  author text not null,
  tags text[] not null default '{}',
  -- Null is a draft; a future date is scheduled. Only posts published by now are served.
  published_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index blog_posts_published_idx on blog_posts(published_at desc, id desc) where published_at is not null;

create table faq_groups (
  id uuid primary key default gen_random_uuid(),
  slug text not null unique,
  title text not null,
  sort_order integer not null default 0
);

create table faq_entries (
  id uuid primary key default gen_random_uuid(),
  group_id uuid not null references faq_groups(id) on delete cascade,
  slug text not null unique,
  question text not null,
  -- Plain text; paragraphs separated by blank lines.
  answer text not null,
  sort_order integer not null default 0,
  created_at timestamptz not null default now()
);
create index faq_entries_group_idx on faq_entries(group_id, sort_order);

-- Long-form legal/information pages addressed by a fixed slug ('privacy-policy', 'terms').
create table site_pages (
  slug text primary key,
  title text not null,
  body_markdown text not null,
  updated_at timestamptz not null default now()
);

create table testimonials (
  id uuid primary key default gen_random_uuid(),
  slug text not null unique,
  name text not null,
  location text not null,
  quote text not null,
  rating smallint not null check (rating between 1 and 5),
  sort_order integer not null default 0,
  created_at timestamptz not null default now()
);

create table careers (
  id uuid primary key default gen_random_uuid(),
  slug text not null unique,
  title text not null,
  location text not null,
  employment_type text not null check (employment_type in ('Full-time', 'Part-time', 'Contract', 'Internship')),
  description text not null,
  is_open boolean not null default true,
  sort_order integer not null default 0,
  created_at timestamptz not null default now()
);

-- "Notify me" sign-ups (POST /auth/notify): one row per e-mail, whatever its case.
create table notify_signups (
  id uuid primary key default gen_random_uuid(),
  email text not null,
  ip text,
  created_at timestamptz not null default now()
);
create unique index notify_signups_email_idx on notify_signups(lower(email));

create table addresses (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users(id) on delete cascade,
  name text not null,
  phone text not null,
  line1 text not null,
  line2 text,
  city text not null,
  -- ISO 3166-2 subdivision code without the country prefix (e.g. 'CA'); null where the country has none.
  state text,
  postal_code text,
  country char(2) not null check (country ~ '^[A-Z]{2}$'),
  is_default boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index addresses_user_idx on addresses(user_id, created_at desc);
-- At most one default per user, whatever races the application lets through.
create unique index addresses_one_default_idx on addresses(user_id) where is_default;
