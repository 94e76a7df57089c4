-- Calendar feed tokens are no longer stored (decision 047). The URL's token is derived from the server secret and
-- a per-account nonce (HMAC), and only its SHA-256 is kept for the lookup: a copy of the database alone neither
-- shows nor forges a feed URL. Tokens issued before this migration keep working: their hash moves to
-- legacy_token_hash, which answers until the owner replaces the link.
alter table calendar_feeds add column nonce text;
alter table calendar_feeds add column token_hash text;
alter table calendar_feeds add column legacy_token_hash text;
update calendar_feeds set legacy_token_hash = encode(sha256(convert_to(token, 'UTF8')), 'hex');
alter table calendar_feeds drop column token;
create unique index calendar_feeds_token_hash_key on calendar_feeds (token_hash) where token_hash is not null;
create unique index calendar_feeds_legacy_token_hash_key on calendar_feeds (legacy_token_hash)
  where legacy_token_hash is not null;
