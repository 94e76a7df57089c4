/**
 * Per-user bid rate limits (issue 7): generous for a person bidding by hand in a lot's last minute, tight enough
 * that one account cannot keep a hot lot's queue busy with thousands of bids a minute. The server multiplies the
 * points by RATE_LIMIT_SCALE, like every other budget (decision 008).
 */
/** Bids (accepted or refused) by one user on one lot. */
export const BID_RATE_PER_LOT = { points: 10, duration: 10 } as const;
/** Bids by one user over all lots. */
export const BID_RATE_PER_USER = { points: 60, duration: 60 } as const;
