import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationSettings } from '@knotwork/shared/schemas/notification-settings';
import { api } from '@/lib/api-client.ts';
import { useAuthStore } from '@/lib/auth-store.ts';

const KEY = ['notification-settings'] as const;

/** GET /notification/settings: every kind with its e-mail, push and in-app switches (decision 075). */
export function useNotificationSettings() {
  const userId = useAuthStore((s) => s.user?.id ?? null);
  return useQuery({
    queryKey: [...KEY, userId],
    queryFn: ({ signal }) => api<{ settings: NotificationSettings }>('/notification/settings', { signal }),
    enabled: userId !== null,
  });
}

/** PUT /notification/settings: the whole set; the answer replaces the cached one. */
export function useSaveNotificationSettings() {
  const client = useQueryClient();
  const userId = useAuthStore((s) => s.user?.id ?? null);
  return useMutation({
    mutationFn: (settings: NotificationSettings) =>
      api<{ message: string; settings: NotificationSettings }>('/notification/settings', {
        method: 'PUT',
        body: { settings },
      }),
    onSuccess: (saved) => client.setQueryData([...KEY, userId], { settings: saved.settings }),
  });
}
