-- Back-office roles (issue 11, decision 035): `admin` does everything, `specialist` builds the catalogue and
-- the sales, `accounts` collects the money and looks after bidders. What each may do is the ability table in
-- packages/shared/src/abilities/staff.ts; the database only knows the names.
alter table users drop constraint users_role_check;
alter table users add constraint users_role_check check (role in ('user', 'admin', 'specialist', 'accounts'));

-- Optimistic concurrency for the rug editor: an edit names the version it started from and bumps it, so two
-- staff editing the same rug cannot silently overwrite each other (409 on a stale version).
alter table rugs add column version integer not null default 1;

-- Staff actions on rugs are audited like the rest.
alter table staff_actions drop constraint staff_actions_action_check;
alter table staff_actions add constraint staff_actions_action_check check (action in ('create_auction',
  'update_auction', 'create_lot', 'update_lot', 'withdraw_lot', 'void_bid', 'block_bidder', 'unblock_bidder',
  'record_bank_transfer', 'ship_order', 'deliver_order', 'cancel_order', 'refund_order', 'second_chance_offer',
  'relist_rug', 'set_tax_rate', 'delete_tax_rate', 'create_rug', 'update_rug', 'publish_rug', 'unpublish_rug'));
alter table staff_actions add column rug_id uuid references rugs(id) on delete set null;
create index staff_actions_staff_idx on staff_actions (staff_id, created_at desc);

-- The back office's rug grid (100,000 rugs): every sort it offers walks an index in order, alone or under a
-- status filter, and stops after one page. Text search uses the catalogue's search_vector (GIN, 0003).
create index rugs_admin_updated_idx on rugs (updated_at desc, id desc);
create index rugs_admin_status_updated_idx on rugs (status, updated_at desc, id desc);
create index rugs_admin_created_idx on rugs (created_at, id);
create index rugs_admin_title_idx on rugs (title, id);
create index rugs_admin_estimate_idx on rugs (estimate_low, id);
