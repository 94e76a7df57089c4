import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

export interface AuthConfig {
  /** Null when the server has no Google client configured: no Google button then. */
  googleClientId: string | null;
}

export const authConfigQueryOptions = queryOptions({
  queryKey: ['auth', 'config'],
  queryFn: () => api<AuthConfig>('/auth/config'),
  staleTime: Infinity,
});

export function useAuthConfig() {
  return useQuery(authConfigQueryOptions);
}
