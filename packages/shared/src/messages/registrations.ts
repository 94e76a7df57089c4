/** What a bidder reads when registering to bid (issue 28 §1, decision 090). */
export const registrationMessages = {
  termsRequired: 'Accept the conditions of sale to register',
  addressRequired: 'Choose the address you would ship to',
  addressNotFound: 'That address is not in your address book',
  phoneRequired: 'Enter a phone number the house can call',
  phoneInvalid: 'Enter a phone number with 8 to 15 digits, like +44 20 7946 0958',
  saleNotFound: 'Sale not found',
  notRequired: 'This sale is open to every bidder: no registration is needed',
  saleOver: 'This sale has ended: registration is closed',
  alreadyRegistered: 'You are already registered for this sale',
  registered: 'You are registered for this sale',
  pending: 'Registration received: the house reviews it before you can bid',
} as const;
