import type { PayoutFileFormat } from '@knotwork/shared/schemas/settlements-staff';
import { env } from '@/config/env.ts';
import { downloadWithSession } from '@/lib/download-file.ts';

export type { PayoutFileFormat };

/** GET /admin/payout-batches/:id/file: the route itself, with the day the bank should pay (SEPA). */
export const payoutFileUrl = (id: string, format: PayoutFileFormat, executionDate: string) =>
  `${env.apiBaseUrl}/admin/payout-batches/${encodeURIComponent(id)}/file?${new URLSearchParams({
    format,
    ...(format === 'sepa' && executionDate ? { executionDate } : {}),
  }).toString()}`;

/**
 * The bank file needs the bearer token, so it is fetched and saved as a download under the server's file name; a
 * file the bank would refuse (no IBAN, not euros, no paying account in Settings) is the server's 409 message.
 */
export const downloadPayoutFile = (
  id: string,
  format: PayoutFileFormat,
  executionDate: string,
  fallbackName: string,
): Promise<void> =>
  downloadWithSession(
    `/admin/payout-batches/${encodeURIComponent(id)}/file`,
    { format, ...(format === 'sepa' && executionDate ? { executionDate } : {}) },
    fallbackName,
  );
