// The fixed English messages of telephone bids (issue 29 §1, decision 097), zod-free so the web's message catalogue
// can load them: the bidder's and the operator's alike (the web translates them from validation.json).
export const telephoneMessages = {
  lotsRequired: 'Choose at least one lot to bid on by telephone',
  tooManyLots: 'Choose at most 50 lots at a time',
  saleNotFound: 'Sale not found',
  notLiveSale: 'Telephone bidding is offered in live sales only',
  notRegistered: 'Register to bid in this sale first: the house calls you on your registration’s phone',
  registrationNotApproved:
    'Your registration for this sale is not approved yet: you can book a line once it is',
  lotNotInSale: 'One of these lots is not in this sale',
  lotIdInvalid: 'Lot not found',
  belowMinimum: 'Telephone lines are offered only for lots estimated at the house’s minimum or more',
  linesFull: 'Every telephone line for this lot is taken',
  lotStarted: 'This lot has already been offered: telephone lines close when it opens',
  booked: 'Telephone line booked: the house will call you before your lots are offered',
  bookingNotFound: 'Booking not found',
  cancelled: 'Telephone line cancelled',
  operatorInvalid: 'Choose a member of staff who may take telephone bids',
  assigned: 'Operator assigned',
  unassigned: 'Operator removed',
  notYourBidder: 'This bidder is not on one of your lines',
  readySaved: 'Saved',
} as const;
