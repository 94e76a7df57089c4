-- When an image was last stored or reused by an upload. The unused-media sweep (jobs/media-sweep.ts) removes images
-- no row refers to any more, and their stored files, but spares anything stored or reused within its grace period:
-- an upload stores its image before the row that refers to it is written (decision 056).
alter table media_images add column last_used_at timestamptz not null default now();
create index media_images_last_used_idx on media_images (last_used_at);
