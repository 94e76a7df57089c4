-- The account's language (issue 9): e-mails go out in it. Set at registration from the site's language, changed
-- when the signed-in user switches language. Existing accounts read English, as they always have.
alter table users add column language text not null default 'en' check (language in ('en', 'fr', 'ar'));
