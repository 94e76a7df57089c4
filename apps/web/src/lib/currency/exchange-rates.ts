import { useCallback, useSyncExternalStore } from 'react';
import {
  QueryObserver,
  queryOptions,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { ExchangeRateList } from '@knotwork/shared/schemas/exchange-rates';
import { api } from '@/lib/api-client.ts';

export const exchangeRatesQueryKey = ['exchange-rates'] as const;

/**
 * Set after staff change a rate in this browser: the answer is cached five minutes by the browser, so the next
 * request names a new URL to get the new figures at once.
 */
let freshAfter = 0;

/** GET /exchange-rates: the display rates against the house currency (public; cached 5 minutes). */
export async function getExchangeRates(signal?: AbortSignal): Promise<ExchangeRateList> {
  const query = freshAfter ? { fresh: freshAfter } : undefined;
  return (await api<{ data: ExchangeRateList }>('/exchange-rates', { signal, query })).data;
}

/** After a staff change: fetch the rates again, past the browser's cache. */
export function refreshExchangeRates(client: QueryClient) {
  freshAfter = Date.now();
  return client.invalidateQueries({ queryKey: exchangeRatesQueryKey });
}

export const exchangeRatesQuery = () =>
  queryOptions({
    queryKey: exchangeRatesQueryKey,
    queryFn: ({ signal }) => getExchangeRates(signal),
    staleTime: 5 * 60_000,
  });

/** The rates, fetched once the page has painted (the first component that needs them mounts after render). */
export const useExchangeRates = () => useQuery(exchangeRatesQuery());

const observeRates = (client: QueryClient) => new QueryObserver(client, exchangeRatesQuery());
const sharedObservers = new WeakMap<QueryClient, ReturnType<typeof observeRates>>();

/**
 * The rates' data for the many prices of a page (every approximate figure, the currency pickers): one query
 * observer per query client, which each caller listens to. One `useQuery` per price was two dozen observers on a
 * lot page, each setting its own stale timer and scheduling its own notification when it mounted, in the task
 * right after hydration (issue 24 §10). The first listener fetches when needed, as useQuery's mount would.
 */
export function useExchangeRateData(): ExchangeRateList | undefined {
  const client = useQueryClient();
  let observer = sharedObservers.get(client);
  if (!observer) {
    observer = observeRates(client);
    sharedObservers.set(client, observer);
  }
  const shared = observer;
  const subscribe = useCallback((onChange: () => void) => shared.subscribe(onChange), [shared]);
  const data = () => shared.getCurrentResult().data;
  return useSyncExternalStore(subscribe, data, data);
}
