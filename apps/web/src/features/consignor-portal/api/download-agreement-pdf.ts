import { downloadWithSession } from '@/lib/download-file.ts';

/** GET /consignor/consignments/:id/agreement.pdf: one of the consignor's agreements, in the account's language. */
export const downloadAgreementPdf = (consignment: { id: string; number: string }) =>
  downloadWithSession(
    `/consignor/consignments/${encodeURIComponent(consignment.id)}/agreement.pdf`,
    {},
    `agreement-${consignment.number}.pdf`,
  );
