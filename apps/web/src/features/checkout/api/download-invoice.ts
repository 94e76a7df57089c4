import { useMutation } from '@tanstack/react-query';
import { downloadWithSession } from '@/lib/download-file.ts';
import { currentLanguage } from '@/lib/i18n.ts';

/**
 * GET /order/{id}/invoice: the PDF needs the bearer token, which a plain link cannot carry, so it is fetched and
 * handed to the browser as a download named like the invoice, in the language the page is read in.
 */
export const downloadInvoice = (orderId: string, invoiceNumber: string) =>
  downloadWithSession(
    `/order/${encodeURIComponent(orderId)}/invoice`,
    { lang: currentLanguage() },
    `${invoiceNumber}.pdf`,
  );

export function useDownloadInvoice() {
  return useMutation({
    mutationFn: ({ orderId, invoiceNumber }: { orderId: string; invoiceNumber: string }) =>
      downloadInvoice(orderId, invoiceNumber),
  });
}
