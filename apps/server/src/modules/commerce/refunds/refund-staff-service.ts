import { renderCreditNotePdf } from '../documents/invoice-pdf.ts';
import { checkOrderId, orderPageUrl, staffOrderView } from '../orders/order-staff-service.ts';
import { paymentMails, sendAfterCommit } from '../payment-mails.ts';
import type { StaffOrderDeps } from '../staff-deps.ts';
import { refundOrder } from './refunds.ts';

/** Staff's refunds: part of the staff order service (staff-service.ts). */
export function refundDesk(deps: StaffOrderDeps) {
  const { db } = deps;
  return {
    /** Refunds a paid order fully or in part, then mails the buyer the credit note after commit. */
    async refund(staffId: string, orderId: string, input: { amount: number; reason: string }) {
      checkOrderId(orderId);
      const done = await refundOrder(db, deps.refundGateways ?? {}, { staffId, orderId, ...input });
      if (!done) throw new Error('a staff refund is never a replay');
      try {
        const pdf = await renderCreditNotePdf(done.snapshot);
        // In the buyer's language, as the invoice mail is; the note itself carries the house's letterhead.
        await sendAfterCommit(deps.mailer, deps.log, {
          to: done.snapshot.buyer.email,
          ...paymentMails.refunded({
            firstName: done.buyerFirstName,
            amount: done.snapshot.amount,
            currency: done.snapshot.currency,
            rugTitle: done.snapshot.rugTitle,
            creditNote: done.snapshot.number,
            orderUrl: orderPageUrl(deps.publicUrl, orderId),
            language: done.snapshot.language,
          }),
          attachments: [
            { filename: `${done.snapshot.number}.pdf`, content: pdf, contentType: 'application/pdf' },
          ],
        });
      } catch (err) {
        deps.log.error({ err }, 'credit note mail not sent');
      }
      return { order: await staffOrderView(deps, orderId), creditNoteNumber: done.snapshot.number };
    },
  };
}
