import type { z } from 'zod';
import type { taxRateInputSchema } from '@knotwork/shared/schemas/orders-staff';
import { paymentMessages as m } from '@knotwork/shared/schemas/payments';
import type { Db } from '../../../db/client.ts';
import { notFound } from '../../../lib/http-error.ts';
import { isUuid } from '../../../db/raw.ts';
import { recordStaffAction } from '../../audit/audit-writer.ts';
import { deleteTaxRate, listTaxRates, upsertTaxRate } from './tax-rate-repository.ts';

type TaxRateInput = z.infer<typeof taxRateInputSchema>;

/** Staff's tax rates by destination: part of the staff order service (staff-service.ts), every change audited. */
export function taxRateDesk(deps: { db: Db }) {
  const { db } = deps;
  return {
    taxRates: () => listTaxRates(db),

    /** Sets the rate of one destination (country, or country and state), replacing any earlier one. */
    async setTaxRate(staffId: string, input: TaxRateInput) {
      const state = input.state ?? null;
      const id = await db.transaction(async (tx) => {
        const saved = await upsertTaxRate(tx, { ...input, state });
        await recordStaffAction(tx, { staffId, action: 'set_tax_rate', details: { ...input, state } });
        return saved;
      });
      return (await listTaxRates(db)).find((r) => r.id === id)!;
    },

    async deleteTaxRate(staffId: string, id: string) {
      if (!isUuid(id)) throw notFound(m.taxRateNotFound);
      await db.transaction(async (tx) => {
        const gone = await deleteTaxRate(tx, id);
        if (!gone) throw notFound(m.taxRateNotFound);
        await recordStaffAction(tx, { staffId, action: 'delete_tax_rate', details: gone });
      });
    },
  };
}
