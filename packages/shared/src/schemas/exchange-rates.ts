/** Display exchange rates (issue 14 section 6, decision 063): read by everyone, set by admins. */
import { z } from 'zod';
import { parseRateMicros } from '../currency/convert.ts';
import { exchangeRateMessages } from '../messages/currency.ts';
import { textField } from './text.ts';

export { exchangeRateMessages };
const m = exchangeRateMessages;

const currencyCode = textField({ error: m.currencyInvalid })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, m.currencyInvalid);

/** PUT /admin/exchange-rates: a currency and its rate per unit of the house currency, as text ("0.79"). */
export const exchangeRateInputSchema = z
  .object({
    currency: currencyCode,
    rate: textField({ error: m.rateInvalid }).refine((v) => parseRateMicros(v) !== null, m.rateInvalid),
  })
  .strict()
  .meta({ id: 'ExchangeRateSet' });
export type ExchangeRateInput = z.infer<typeof exchangeRateInputSchema>;

export const exchangeRateCurrencyParamSchema = z.object({ currency: currencyCode });

const rateFields = {
  currency: textField(),
  /** Units of `currency` per unit of the house currency, scaled by 1,000,000 (an integer: no float rounding). */
  rateMicros: z.number().int().positive(),
  /** The same rate as decimal text, "0.79". */
  rate: textField(),
  /** A figure the demo data seeded, not one staff set: shown as such in the back office. */
  demo: z.boolean(),
  updatedAt: textField(),
};

export const exchangeRateSchema = z.object(rateFields).meta({ id: 'ExchangeRate' });
export type ExchangeRate = z.infer<typeof exchangeRateSchema>;

/** GET /exchange-rates: public, cached briefly. */
export const exchangeRateListResponseSchema = z
  .object({
    data: z.object({
      /** The house currency, against which every rate is given (its own rate is 1). */
      base: textField(),
      rates: z.array(exchangeRateSchema),
    }),
  })
  .meta({ id: 'ExchangeRateList' });
export type ExchangeRateList = z.infer<typeof exchangeRateListResponseSchema>['data'];

export const adminExchangeRateSchema = z
  .object({ ...rateFields, updatedBy: textField().nullable() })
  .meta({ id: 'AdminExchangeRate' });
export type AdminExchangeRate = z.infer<typeof adminExchangeRateSchema>;

export const adminExchangeRateListResponseSchema = z
  .object({ data: z.object({ base: textField(), rates: z.array(adminExchangeRateSchema) }) })
  .meta({ id: 'AdminExchangeRateList' });
export const adminExchangeRateResponseSchema = z
  .object({ message: textField(), data: adminExchangeRateSchema })
  .meta({ id: 'AdminExchangeRateResponse' });
