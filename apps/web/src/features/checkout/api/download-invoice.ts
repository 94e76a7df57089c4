import { useMutation } from '@tanstack/react-query';
import { env } from '@/config/env.ts';
import { ApiError } from '@/lib/api-client.ts';
import { readToken } from '@/lib/session-storage.ts';

/**
 * GET /order/{id}/invoice: the PDF needs the bearer token, which a plain link cannot carry, so it is fetched
 * and handed to the browser as a download named like the invoice.
 */
export async function downloadInvoice(orderId: string, invoiceNumber: string): Promise<void> {
  const token = readToken();
  const res = await fetch(`${env.apiBaseUrl}/order/${encodeURIComponent(orderId)}/invoice`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { message?: string };
    throw new ApiError(res.status, body.message ?? res.statusText, body);
  }
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = `${invoiceNumber}.pdf`;
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked later: some browsers start reading the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function useDownloadInvoice() {
  return useMutation({
    mutationFn: ({ orderId, invoiceNumber }: { orderId: string; invoiceNumber: string }) =>
      downloadInvoice(orderId, invoiceNumber),
  });
}
