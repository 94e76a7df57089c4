import type { StatementPeriod } from './get-statement.ts';
import { downloadWithSession } from '@/lib/download-file.ts';

/** GET /consignor/statement.pdf: the statement of the period on screen, in the account's language. */
export const downloadStatementPdf = (period: StatementPeriod) =>
  downloadWithSession('/consignor/statement.pdf', { from: period.from, to: period.to }, 'statement.pdf');
