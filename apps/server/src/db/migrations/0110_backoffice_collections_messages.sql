-- Back office, house screens (issue 11, decision 060): collections, contact-form messages and their replies.

-- Contact-form messages are worked through by staff: new, then answered (a reply went out) or closed (nothing to
-- answer). `language` is the sender's language when known (their account's, else the site's language they wrote
-- in); null on older rows, whose replies go out in English.
alter table contact_messages add column status text not null default 'new' check (status in ('new', 'answered', 'closed'));
alter table contact_messages add column language text check (language in ('en', 'fr', 'ar'));
alter table contact_messages add column updated_at timestamptz not null default now();
create index contact_messages_status_created_idx on contact_messages (status, created_at desc, id desc);
create index contact_messages_created_idx on contact_messages (created_at desc, id desc);

-- Every reply sent from the screen, kept with who wrote it (the mail itself is in mail_outbox).
create table contact_replies (
  id uuid primary key default gen_random_uuid(),
  message_id uuid not null references contact_messages(id) on delete cascade,
  staff_id uuid references users(id) on delete set null,
  body text not null check (char_length(body) between 1 and 5000),
  language text not null check (language in ('en', 'fr', 'ar')),
  created_at timestamptz not null default clock_timestamp()
);
create index contact_replies_message_idx on contact_replies (message_id, created_at);

-- Collections are ordered by sort_order (then title); the back office writes 0..n-1.
create index collections_sort_idx on collections (sort_order, title);

-- The audit trail names the collection or message an action was about.
alter table staff_actions add column collection_id uuid references collections(id) on delete set null;
alter table staff_actions add column contact_message_id uuid references contact_messages(id) on delete set null;

-- The new staff actions are audited like the rest. (Other back-office branches extend this list too: the last
-- migration to re-create the constraint must name every action.)
alter table staff_actions drop constraint staff_actions_action_check;
alter table staff_actions add constraint staff_actions_action_check check (action in ('create_auction',
  'update_auction', 'create_lot', 'update_lot', 'withdraw_lot', 'void_bid', 'block_bidder', 'unblock_bidder',
  'record_bank_transfer', 'ship_order', 'deliver_order', 'cancel_order', 'refund_order', 'second_chance_offer',
  'relist_rug', 'set_tax_rate', 'delete_tax_rate', 'create_rug', 'update_rug', 'publish_rug', 'unpublish_rug',
  'publish_auction', 'unpublish_auction', 'renumber_lots', 'add_bidder_note', 'add_staff', 'set_staff_role',
  'create_collection', 'update_collection', 'delete_collection', 'order_collections', 'add_collection_rugs',
  'remove_collection_rug', 'set_message_status', 'reply_message'));
