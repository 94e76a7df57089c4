-- Back office, content (issue 11, decision 059): staff edit the blog, FAQ, pages, testimonials, careers and the home
-- page's featured sale and collections.

-- Two staff editing the same post or page are told (409), never silently overwritten.
alter table blog_posts add column version integer not null default 1;
alter table site_pages add column version integer not null default 1;

-- Pictures uploaded into a post's body are referred to from its Markdown only; this foreign key keeps the
-- unused-media sweep (decision 056) from removing them while the post exists.
create table blog_post_images (
  post_id uuid not null references blog_posts(id) on delete cascade,
  image_id uuid not null references media_images(id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (post_id, image_id)
);
create index blog_post_images_image_idx on blog_post_images (image_id);

-- The home page's choices: one row. A deleted sale or collection simply drops out.
create table home_features (
  id boolean primary key default true check (id),
  featured_auction_id uuid references auctions(id) on delete set null,
  version integer not null default 1,
  updated_at timestamptz not null default now()
);
insert into home_features (id) values (true) on conflict do nothing;
create table home_featured_collections (
  collection_id uuid primary key references collections(id) on delete cascade,
  position integer not null
);

-- The About page's story, editable like the legal pages (its other sections are translated interface text).
insert into site_pages (slug, title, body_markdown, updated_at) values ('about', 'Our story',
'Knotwork was founded in 2010 by a rug restorer and a dealer who believed buying a fine rug from far away should feel as certain as buying it in person. The first catalogues were a few dozen village rugs photographed in a borrowed studio.

Today our specialists catalogue thousands of rugs a year, from nineteenth-century Caucasian prayer rugs to mid-century Scandinavian ryas, and our buyers furnish homes, hotels and museum collections on every continent.

What has not changed is the way we work: we handle every rug ourselves, describe its condition plainly and price it to sell honestly at auction.', now())
on conflict (slug) do nothing;

-- The new staff actions are audited like the rest.
alter table staff_actions drop constraint staff_actions_action_check;
alter table staff_actions add constraint staff_actions_action_check check (action in ('create_auction',
  'update_auction', 'create_lot', 'update_lot', 'withdraw_lot', 'void_bid', 'block_bidder', 'unblock_bidder',
  'record_bank_transfer', 'ship_order', 'deliver_order', 'cancel_order', 'refund_order', 'second_chance_offer',
  'relist_rug', 'set_tax_rate', 'delete_tax_rate', 'create_rug', 'update_rug', 'publish_rug', 'unpublish_rug',
  'publish_auction', 'unpublish_auction', 'renumber_lots', 'add_bidder_note', 'add_staff', 'set_staff_role',
  'create_content', 'update_content', 'delete_content', 'publish_content', 'unpublish_content', 'order_content',
  'set_home_features'));
