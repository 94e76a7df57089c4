-- Decision 101: an outbid e-mail goes out again only after its reader bid on the lot since the last one
-- (notification_mails.sent_at). That check asked the (bidder_id, lot_id) index for every bid of the reader on the
-- lot and filtered them by time: in a long bidding war, hundreds of rows per notice. With created_at as the third
-- column it is one index probe. The same index still serves every (bidder_id) and (bidder_id, lot_id) lookup, so
-- a bid still updates one index here, not two.
create index bids_bidder_lot_time_idx on bids (bidder_id, lot_id, created_at);
drop index bids_bidder_idx;
