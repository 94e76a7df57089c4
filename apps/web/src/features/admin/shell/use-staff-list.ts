import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

/** A staff grid's page, sort and filters, sent as the list's query string. */
export type StaffListQuery = Record<string, string | number | boolean | undefined>;

interface Paged<T> {
  data: T[];
  meta: { page: number; pageSize: number; total: number; totalPages: number };
}

/** One paged staff list: GET `path` with the grid's page and filters, keeping the last page while the next loads. */
export function useStaffList<T>(key: string, path: string, query: StaffListQuery, enabled = true) {
  return useQuery({
    queryKey: ['admin', key, query],
    queryFn: ({ signal }) => api<Paged<T>>(path, { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
