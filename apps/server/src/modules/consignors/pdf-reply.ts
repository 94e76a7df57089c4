import type { FastifyReply } from 'fastify';
import type { ConsignorDocument } from './documents-service.ts';

/**
 * A consignor's document as a download: a statement and an agreement name a person and their money, so no shared
 * cache may keep them (`private, no-store`), as the invoices are served.
 */
export const sendPdf = (reply: FastifyReply, doc: ConsignorDocument) =>
  reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${doc.filename}"`)
    .header('cache-control', 'private, no-store')
    .send(doc.pdf);
