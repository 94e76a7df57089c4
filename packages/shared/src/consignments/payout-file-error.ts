/**
 * Why a payout bank file was not built. The builders refuse rather than write a file the bank would bounce or,
 * worse, pay wrongly: staff fix the consignor's details and export again. The code is for the server to map to a
 * message; `paymentIndex` says which payment of the batch is at fault, when one is.
 */
export type PayoutFileErrorCode =
  | 'empty_batch'
  | 'unsupported_currency'
  | 'invalid_amount'
  | 'invalid_iban'
  | 'invalid_bic'
  | 'invalid_routing'
  | 'invalid_account_number'
  | 'invalid_identifier'
  | 'duplicate_identifier'
  | 'invalid_date'
  | 'invalid_name';

export class PayoutFileError extends Error {
  override readonly name = 'PayoutFileError';

  constructor(
    readonly code: PayoutFileErrorCode,
    message: string,
    readonly paymentIndex?: number,
  ) {
    super(paymentIndex === undefined ? message : `Payment ${paymentIndex + 1}: ${message}`);
  }
}
