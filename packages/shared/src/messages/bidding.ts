// The fixed English messages of bidding (zod-free, so the web's message catalogue can load without zod).
/** What the bidding API answers on success (shown as success toasts). */
export const biddingMessages = {
  bidPlaced: 'Your bid has been placed.',
  bidPlacedOutbid: "Your bid was placed, but another bidder's maximum is higher.",
  maxRaised: 'Your maximum bid has been raised.',
  boughtNow: 'You bought this rug. Please complete payment within 3 days.',
  reserved: 'This rug is reserved for you for 15 minutes while you pay.',
  liked: 'Added to your liked rugs',
  unliked: 'Removed from your liked rugs',
  rugReserved: 'This rug is reserved by another buyer',
  notForSale: 'This rug cannot be bought outright',
  biddingBlocked:
    'Your account cannot place bids at the moment. My Items says why and what to do; or contact us.',
  staffCannotBid: 'Staff accounts cannot bid or buy at auction.',
  ownLot: 'You consigned this rug, so you cannot bid on it.',
  notRegistered: 'This sale asks bidders to register first. Register to bid on the sale page.',
  registrationPending:
    'Your registration for this sale is waiting for the house’s approval. You can bid once it is approved.',
  depositRequired:
    'This lot asks bidders for a deposit before they bid. Place one in My Items, or ask the house.',
  registrationRejected:
    'Your registration for this sale was not approved, so you cannot bid in it. Please contact us.',
  overLimit: 'This bid would take you past your bidding limit. Place a deposit or contact us to raise it.',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different request.',
  busy: 'Many bids are arriving at once. Please try again.',
  noLot: 'This rug is not in an auction.',
  rateLimited: 'Too many bids in a short time. Please wait a few seconds and try again.',
} as const;
