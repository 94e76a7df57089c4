// The fixed English messages of the exchange rates (zod-free, so the web can translate them without loading zod).
export const exchangeRateMessages = {
  currencyInvalid: 'Give a three-letter ISO 4217 currency code, such as EUR',
  currencyIsBase: 'The house currency is always 1: set the other currencies against it',
  rateInvalid: 'Give the rate as a positive number with at most 6 decimals, such as 0.79',
  rateSaved: 'Exchange rate saved',
  rateDeleted: 'Exchange rate deleted',
  rateNotFound: 'No rate for this currency',
} as const;
