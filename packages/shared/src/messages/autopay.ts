/** What a buyer reads about paying automatically with their saved card (issue 29 §4, decision 096). */
export const autopayMessages = {
  cardRequired: 'Save a card on your profile first: autopay charges your saved card',
  enabledInvalid: 'Choose on or off',
  orderNotFound: 'Order not found',
  notEligible: 'This order is paid at checkout: autopay is for auction wins and buy-now purchases',
  notPayable: 'This order is no longer awaiting payment',
  charging: 'Your card is being charged for this order now',
  finished: 'Autopay has stopped for this order: pay it on the site',
  preferenceOn: 'Autopay is on: new orders are charged to your saved card',
  preferenceOff: 'Autopay is off',
  orderOn: 'Autopay is on for this order',
  orderOff: 'Autopay is off for this order',
} as const;
