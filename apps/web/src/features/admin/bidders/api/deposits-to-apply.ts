import { useQuery } from '@tanstack/react-query';
import type { DepositToApply } from '@knotwork/shared/schemas/deposits';
import { api } from '@/lib/api-client.ts';

export type { DepositToApply };

/**
 * GET /admin/deposits/to-apply: bank deposits still held after their sale (decision 091), each with the bidder's
 * unpaid orders; accounts staff apply each to the order won or send it back. Only those who may read payments ask.
 */
export function useDepositsToApply(enabled: boolean) {
  return useQuery({
    queryKey: ['admin', 'deposits', 'to-apply'],
    queryFn: ({ signal }) =>
      api<{ data: DepositToApply[] }>('/admin/deposits/to-apply', { signal }).then((r) => r.data),
    enabled,
  });
}
