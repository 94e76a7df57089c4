import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminIdParamSchema } from '@knotwork/shared/schemas/sales-staff';
import {
  paymentBalanceResponseSchema,
  paymentOutcomeResponseSchema,
  recordBankTransferSchema,
  refundCreditSchema,
  writeOffSchema,
} from '@knotwork/shared/schemas/orders-staff';
import { paymentMessages as m } from '@knotwork/shared/schemas/payments';
import { idempotencyHeadersSchema } from '@knotwork/shared/schemas/bidding';
import { currentUser } from '../../../plugins/auth.ts';
import { staffErrors as errors, staffRoute as staff } from '../route-parts.ts';

/**
 * Staff's side of the ledger (decision 072): a bank transfer that arrived, a written-off shortfall, a credit sent
 * back. Registered by ../staff-routes.ts (staff only).
 */
// Registers synchronously; Fastify's plugin type wants a promise.
const routes: FastifyPluginAsyncZod = (app) => {
  const { staffOrders: orders } = app.services;
  const staffId = (request: Parameters<typeof currentUser>[0]) => currentUser(request).userId;

  app.post(
    '/payments/bank-transfer',
    {
      config: { ability: ['manage', 'payment'] },
      schema: {
        ...staff,
        summary: 'Record a bank transfer that arrived, by its payment reference',
        description:
          'Counted whatever its amount (decision 072): short, it leaves a balance due (outcome partial, the buyer mailed what is left); several add up; when the balance reaches zero every order of the checkout is paid and the invoice numbered and mailed, once (outcome paid); above the total, the rest is a credit to refund; on a checkout already paid, all of it is credit. Recorded once per transferId (the bank\u2019s id), else per Idempotency-Key; with neither, the reference names the first transfer only. A replay answers 200 duplicate; the same transferId with another amount 409. Another currency, or orders no longer payable: 409 with the reason, the attempt kept for the record (it never blocks the right one) and staff mailed.',
        headers: idempotencyHeadersSchema,
        body: recordBankTransferSchema,
        response: { 200: paymentOutcomeResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await orders.recordBankTransfer(
        staffId(request),
        request.body,
        request.headers['idempotency-key'],
      );
      const data = {
        outcome: result.outcome,
        paymentId: result.paymentId,
        checkoutId: result.checkoutId,
        invoiceNumber: result.outcome === 'paid' ? result.invoiceNumber : null,
        refusal: result.outcome === 'refused' ? result.refusal : null,
        balance: result.balance,
      };
      if (result.outcome === 'refused') {
        const message =
          result.refusal === 'currency_mismatch'
            ? m.paymentRefusedCurrency
            : result.refusal === 'amount_mismatch'
              ? m.paymentRefusedAmount
              : m.paymentRefusedNotPayable;
        return reply.code(409).send({ message, code: `PAYMENT_${result.refusal.toUpperCase()}` });
      }
      const message =
        result.outcome === 'paid'
          ? result.balance.credit > 0
            ? m.paymentOverpaid
            : m.paymentRecorded
          : result.outcome === 'partial'
            ? m.paymentPartial
            : result.outcome === 'credit'
              ? m.paymentCredit
              : m.paymentDuplicate;
      return { message, data };
    },
  );

  app.post(
    '/orders/:id/write-off',
    {
      config: { ability: ['manage', 'payment'] },
      schema: {
        ...staff,
        summary: 'Write off a small shortfall on an order\u2019s checkout, with a reason (audited)',
        description:
          'Accounts staff settle what a transfer left unpaid (a wire fee): at most the balance due and the limit in Settings (bank transfer, writeOffLimit), only once something was received. Appended to the ledger, never edited. When the balance reaches zero the orders are paid and the invoice issued, once. Idempotency-Key: a retried request writes nothing more.',
        params: adminIdParamSchema,
        headers: idempotencyHeadersSchema,
        body: writeOffSchema,
        response: { 200: paymentBalanceResponseSchema, ...errors },
      },
    },
    async (request) =>
      orders.writeOff(staffId(request), request.params.id, request.body, request.headers['idempotency-key']),
  );

  app.post(
    '/orders/:id/refund-credit',
    {
      config: { ability: ['manage', 'payment'] },
      schema: {
        ...staff,
        summary: 'Record an overpayment\u2019s credit sent back to the buyer',
        description:
          'Staff send the money back from the bank, then record it here: at most the credit (what was received above what is owed). Appended and audited; Idempotency-Key: a retried request writes nothing more.',
        params: adminIdParamSchema,
        headers: idempotencyHeadersSchema,
        body: refundCreditSchema,
        response: { 200: paymentBalanceResponseSchema, ...errors },
      },
    },
    async (request) =>
      orders.refundCredit(
        staffId(request),
        request.params.id,
        request.body,
        request.headers['idempotency-key'],
      ),
  );
  return Promise.resolve();
};
export default routes;
