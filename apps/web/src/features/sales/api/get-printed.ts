import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Language } from '@knotwork/shared/constants/languages';
import type { PrintedKind, PrintedStatus } from '@knotwork/shared/schemas/printed-catalogues';
import { api } from '@/lib/api-client.ts';

/**
 * GET /rug/upcoming/{id}/printed/{kind}?lang=: where the sale's catalogue (or realised prices) PDF stands in a
 * language; asking queues it when the sale changed since the last file (decision 094).
 */
export async function getPrinted(
  saleId: string,
  kind: PrintedKind,
  language: Language,
  signal?: AbortSignal,
): Promise<PrintedStatus> {
  const res = await api<{ data: PrintedStatus }>(
    `/rug/upcoming/${encodeURIComponent(saleId)}/printed/${kind}?lang=${language}`,
    { signal },
  );
  return res.data;
}

export const printedQueryOptions = (saleId: string, kind: PrintedKind, language: Language) =>
  queryOptions({
    queryKey: ['sales', saleId, 'printed', kind, language],
    queryFn: ({ signal }) => getPrinted(saleId, kind, language, signal),
    // While the PDF is being made, ask every two seconds: a catalogue takes seconds, not minutes.
    refetchInterval: (query) => (query.state.data?.state === 'producing' ? 2000 : false),
    staleTime: 30_000,
  });

export function usePrinted(saleId: string, kind: PrintedKind, language: Language, enabled = true) {
  return useQuery({ ...printedQueryOptions(saleId, kind, language), enabled });
}
