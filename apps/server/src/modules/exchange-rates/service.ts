import { formatRateMicros, parseRateMicros, RATE_SCALE } from '@knotwork/shared/currency/convert';
import {
  exchangeRateMessages as m,
  type AdminExchangeRate,
  type ExchangeRateInput,
} from '@knotwork/shared/schemas/exchange-rates';
import type { Db } from '../../db/client.ts';
import { isoFromMs } from '../../db/raw.ts';
import { badRequest, notFound } from '../../lib/http-error.ts';
import { recordStaffAction } from '../audit/audit-writer.ts';
import { createExchangeRateRepository, type ExchangeRateRow } from './repository.ts';

/**
 * Rough mid-market figures per US dollar (late 2026 is unknown: these are illustrative demo numbers, marked
 * `demo` until staff set real ones). Re-based on the house currency when it is another of them.
 */
const DEMO_PER_USD: ReadonlyArray<[string, number]> = [
  ['USD', 1],
  ['EUR', 0.92],
  ['GBP', 0.79],
  ['CHF', 0.88],
  ['AED', 3.6725],
  ['JPY', 150],
  ['CAD', 1.37],
  ['AUD', 1.52],
  ['SAR', 3.75],
];

const toRate = (r: ExchangeRateRow): AdminExchangeRate => {
  const micros = Number(r.rate_micros);
  return {
    currency: r.currency,
    rateMicros: micros,
    rate: formatRateMicros(micros),
    demo: r.demo,
    updatedAt: isoFromMs(r.updated_ms),
    updatedBy: r.updated_by,
  };
};

/** A real ISO 4217 code, as far as this runtime's ICU knows them; any three letters where it cannot tell. */
function isKnownCurrency(code: string): boolean {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('currency') : null;
  return !known || known.includes(code);
}

/**
 * Display exchange rates (decision 063). They only ever produce an "approx." figure beside a price: bids,
 * orders and payments never read them. The house currency is the base; its rate is 1 and is not stored.
 */
export function createExchangeRateService(deps: { db: Db; base: string }) {
  const { db, base } = deps;
  const repo = createExchangeRateRepository(db);

  async function list(): Promise<AdminExchangeRate[]> {
    return (await repo.list()).filter((r) => r.currency !== base).map(toRate);
  }

  return {
    base,
    list,

    async set(staffId: string, input: ExchangeRateInput): Promise<AdminExchangeRate> {
      if (input.currency === base)
        throw badRequest(m.currencyIsBase, { errors: { currency: m.currencyIsBase } });
      if (!isKnownCurrency(input.currency)) {
        throw badRequest(m.currencyInvalid, { errors: { currency: m.currencyInvalid } });
      }
      const micros = parseRateMicros(input.rate);
      if (micros === null) throw badRequest(m.rateInvalid, { errors: { rate: m.rateInvalid } });
      await db.transaction(async (tx) => {
        const before = await repo.upsert(tx, input.currency, micros, staffId);
        await recordStaffAction(tx, {
          staffId,
          action: 'set_exchange_rate',
          details: {
            currency: input.currency,
            base,
            rate: formatRateMicros(micros),
            previous: before === null ? null : formatRateMicros(before),
          },
        });
      });
      return (await list()).find((r) => r.currency === input.currency)!;
    },

    async remove(staffId: string, currency: string): Promise<void> {
      await db.transaction(async (tx) => {
        const gone = await repo.remove(tx, currency);
        if (gone === null) throw notFound(m.rateNotFound);
        await recordStaffAction(tx, {
          staffId,
          action: 'delete_exchange_rate',
          details: { currency, base, rate: formatRateMicros(gone) },
        });
      });
    },

    /** The demo figures against the house currency; nothing when the house currency is not among them. */
    async seedDemo(): Promise<void> {
      const basePerUsd = DEMO_PER_USD.find(([c]) => c === base)?.[1];
      if (!basePerUsd) return;
      await repo.seedDemo(
        DEMO_PER_USD.filter(([c]) => c !== base).map(([c, perUsd]) => [
          c,
          Math.round((perUsd / basePerUsd) * RATE_SCALE),
        ]),
      );
    },
  };
}
export type ExchangeRateService = ReturnType<typeof createExchangeRateService>;
