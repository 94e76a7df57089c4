-- Every stored picture (rugs, avatars, covers, blog) after the server re-encoded it.
-- `variants` lists the files actually written: [{ "format": "avif"|"webp"|"jpeg", "width": 640, "height": 427, "path": "rug/ab/<hash>-640.webp", "bytes": 12345 }],
-- paths relative to MEDIA_DIR so the public base address (MEDIA_BASE_URL) can change without a migration.
create table media_images (
  id uuid primary key default gen_random_uuid(),
  kind text not null check (kind in ('rug', 'avatar', 'cover', 'blog')),
  -- sha256 of the original upload; the same picture uploaded twice is stored once per kind.
  content_hash text not null,
  width integer not null check (width > 0),
  height integer not null check (height > 0),
  dominant_color text not null,
  placeholder text not null,
  variants jsonb not null,
  created_at timestamptz not null default now(),
  unique (kind, content_hash)
);
create index media_images_created_idx on media_images(created_at desc);
