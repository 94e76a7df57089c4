import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeed } from '@knotwork/shared/schemas/calendar';
import { api } from '@/lib/api-client.ts';
import { useAuthStore } from '@/lib/auth-store.ts';

const KEY = ['calendar-feed'] as const;

/** GET /calendar/feed: the account's secret feed URL (created on first use). */
export function useCalendarFeed() {
  const userId = useAuthStore((s) => s.user?.id ?? null);
  return useQuery({
    queryKey: [...KEY, userId],
    queryFn: ({ signal }) => api<CalendarFeed>('/calendar/feed', { signal }),
    enabled: userId !== null,
  });
}

/** POST /calendar/feed: a new URL; the old one stops working. */
export function useRegenerateCalendarFeed() {
  const client = useQueryClient();
  const userId = useAuthStore((s) => s.user?.id ?? null);
  return useMutation({
    mutationFn: () => api<CalendarFeed>('/calendar/feed', { method: 'POST' }),
    onSuccess: (feed) => client.setQueryData([...KEY, userId], feed),
  });
}

/** Add to calendar: one lot's .ics file (the server names it). */
export const lotCalendarHref = (lotId: string) => `/api/v1/lot/${encodeURIComponent(lotId)}/calendar.ics`;
