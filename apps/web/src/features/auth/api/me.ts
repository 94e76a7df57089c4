import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import type { User } from '@knotwork/shared/schemas/user';

export interface MeResponse {
  user: User;
}

export function getMe(options: { skipUnauthorizedHandler?: boolean } = {}) {
  return api<MeResponse>('/auth/me', options);
}

/** Keyed by the signed-in user's id, so a new sign-in fetches afresh ("when authentication changes"). */
export function meQueryOptions(userId: string | null) {
  return queryOptions({
    queryKey: ['auth', 'me', userId],
    queryFn: () => getMe(),
    enabled: userId !== null,
  });
}
