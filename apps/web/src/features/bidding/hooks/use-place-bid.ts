import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Lot } from '@knotwork/shared/schemas/catalogue';
import { notify } from '@/lib/toast.ts';
import { errorMessage } from '@/lib/error-message.ts';
import { newIdempotencyKey, placeBid, refusalCode, refusalNextMinimum } from '../api/place-bid.ts';

/**
 * Placing a bid from the panel: a fresh Idempotency-Key per attempt, the answered lot (with the caller's
 * fields) handed to `onLot`, the server's message as a toast either way. BID_TOO_LOW also moves the next
 * minimum to what the server says and keeps its message under the field; so does OVER_LIMIT (decision 090).
 */
export function usePlaceBid(rugId: string, onLot: (patch: Partial<Lot>) => void) {
  const queryClient = useQueryClient();
  const [fieldError, setFieldError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (amount: number) => placeBid({ rugId, amount, idempotencyKey: newIdempotencyKey() }),
    onSuccess: (res) => {
      setFieldError(null);
      onLot(res.data.lot);
      notify.success(res.message);
      void queryClient.invalidateQueries({ queryKey: ['bidding', 'history', rugId] });
      void queryClient.invalidateQueries({ queryKey: ['my-items'] });
    },
    onError: (error) => {
      notify.fromError(error);
      const code = refusalCode(error);
      const nextMinimum = refusalNextMinimum(error);
      if (nextMinimum !== undefined) onLot({ nextMinimumBid: nextMinimum });
      // The note above the form says why and what to do (decision 092): read it now.
      if (code === 'BIDDING_BLOCKED')
        void queryClient.invalidateQueries({ queryKey: ['my-items', 'standing'] });
      if (
        code === 'BID_TOO_LOW' ||
        code === 'BID_NOT_WHOLE_UNIT' ||
        code === 'BID_TOO_HIGH' ||
        code === 'NOT_ABOVE_YOUR_MAX' ||
        code === 'OVER_LIMIT' ||
        code === 'BIDDING_BLOCKED'
      ) {
        setFieldError(errorMessage(error));
      }
    },
  });
  return { mutation, fieldError, clearFieldError: () => setFieldError(null) };
}
