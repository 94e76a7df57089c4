// The fixed English messages of deposits and card holds (issue 28 §2, decision 091), zod-free so the web's message
// catalogue can load them: the collector's and the staff's alike (the web translates them from validation.json).
export const depositMessages = {
  amountInvalid: 'Enter a deposit of at least 1, in whole currency units, up to 1,000,000,000',
  referenceRequired: 'Enter the bank’s reference of the transfer (up to 200 characters)',
  reasonTooLong: 'Keep the reference under 500 characters',
  saleNotFound: 'Sale not found',
  saleNoDeposit: 'This sale asks for no deposit: enter the amount you want to deposit',
  saleOver: 'This sale is over: a deposit for it can no longer be placed',
  depositNotFound: 'Deposit not found',
  cardRequired: 'Save a card in your profile first: the deposit is held on it',
  cardsUnavailable: 'Card deposits are not available at the moment: ask the house about a bank transfer',
  cardDeclined:
    'Your card was declined: nothing was held. Try another card, or ask the house about a bank transfer',
  cardNeedsAction:
    'Your bank asks you to confirm this payment, which cannot be done here: nothing was held. Try another card, or ask the house about a bank transfer',
  holdPlaced: 'Deposit held on your card: your bidding limit is raised',
  bankRecorded: 'Bank deposit recorded: the bidder’s limit is raised',
  released: 'Deposit released: the card hold is cancelled',
  refunded: 'Deposit recorded as sent back to the bidder',
  notHeld: 'This deposit is no longer held: nothing changed',
  applied: 'Deposit applied to the order as a payment',
  orderNotFound: 'Order not found among this bidder’s orders',
  noCheckout:
    'The buyer has not checked out this order by bank transfer yet (shipping is chosen at checkout): apply the deposit once they have',
  paymentRefused:
    'The order could not take this payment (another currency, or it no longer awaits payment): nothing was applied',
  cardHoldNotApplied:
    'A card hold is not applied to an order: release it, and the buyer pays the order as usual',
  saleDepositSaved: 'Sale deposit saved',
  multipleInvalid: 'Enter a multiple from 1 to 100',
  thresholdInvalid: 'Enter an estimate of 0 or more in whole currency units, or leave it empty',
} as const;
