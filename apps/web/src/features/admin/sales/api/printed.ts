import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Language } from '@knotwork/shared/constants/languages';
import type { AdminPrinted, PrintedKind, PrintedStatus } from '@knotwork/shared/schemas/printed-catalogues';
import { api } from '@/lib/api-client.ts';

const key = (saleId: string) => ['admin', 'sale', saleId, 'printed'];

/** GET /admin/auctions/{id}/printed: the sale's PDFs with their progress (issue 29 §3, decision 094). */
export function useSalePrinted(saleId: string) {
  return useQuery({
    queryKey: key(saleId),
    queryFn: ({ signal }) =>
      api<{ data: AdminPrinted[] }>(`/admin/auctions/${saleId}/printed`, { signal }).then((r) => r.data),
    // Every two seconds while one is being made, so staff watch the lots go by.
    refetchInterval: (query) => (query.state.data?.some((p) => p.state === 'producing') ? 2000 : false),
  });
}

/** Asks for a PDF in a language (the public status route queues it when the sale changed). */
export function usePreparePrinted(saleId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, language }: { kind: PrintedKind; language: Language }) =>
      api<{ data: PrintedStatus }>(
        `/rug/upcoming/${encodeURIComponent(saleId)}/printed/${kind}?lang=${language}`,
      ),
    onSuccess: () => void client.invalidateQueries({ queryKey: key(saleId) }),
  });
}
