import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BankTransferResponse, CheckoutRequest } from '@knotwork/shared/schemas/payments';
import { api } from '@/lib/api-client.ts';

/**
 * POST /payment/bank-transfer: freezes the quote and answers the reference, the instructions and the due date.
 * The same request again answers the same checkout, so a double click or a retry never makes a second one.
 */
export function payByBankTransfer(request: CheckoutRequest): Promise<BankTransferResponse> {
  return api<BankTransferResponse>('/payment/bank-transfer', { method: 'POST', body: request });
}

export function usePayByBankTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: payByBankTransfer,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['my-items'] });
      void queryClient.invalidateQueries({ queryKey: ['order'] });
    },
  });
}
