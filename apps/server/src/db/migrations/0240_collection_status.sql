-- Issue 24, decision 076: a collection is a draft until staff publish it, and publishing needs a public rug. Existing
-- collections were public, so they stay published; the back office creates new ones as drafts. The public queries
-- (list, rug page, listing filter and facets, home page) show only published collections with a public rug.
alter table collections add column status text not null default 'published'
  check (status in ('draft', 'published'));
