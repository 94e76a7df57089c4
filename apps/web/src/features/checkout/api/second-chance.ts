import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SecondChanceOffer } from '@knotwork/shared/schemas/payments';
import { api } from '@/lib/api-client.ts';

/** GET /second-chance/{token}: the offer mailed to the underbidder (the token is the capability). */
export async function getSecondChance(token: string, signal?: AbortSignal): Promise<SecondChanceOffer> {
  return (await api<{ data: SecondChanceOffer }>(`/second-chance/${encodeURIComponent(token)}`, { signal }))
    .data;
}

export function secondChanceQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['second-chance', token],
    queryFn: ({ signal }) => getSecondChance(token, signal),
    retry: false,
  });
}

export function useSecondChance(token: string) {
  return useQuery(secondChanceQueryOptions(token));
}

/** POST /second-chance/{token} { accept }: accepting answers the new order to pay (data.orderId). */
export function answerSecondChance(token: string, accept: boolean) {
  return api<{ message?: string; data: SecondChanceOffer }>(`/second-chance/${encodeURIComponent(token)}`, {
    method: 'POST',
    body: { accept },
  });
}

export function useAnswerSecondChance(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (accept: boolean) => answerSecondChance(token, accept),
    onSuccess: (res) => {
      queryClient.setQueryData(secondChanceQueryOptions(token).queryKey, res.data);
      void queryClient.invalidateQueries({ queryKey: ['my-items'] });
    },
  });
}
