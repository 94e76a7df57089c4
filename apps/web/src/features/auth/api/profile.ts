import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { useAuthStore } from '@/lib/auth-store.ts';
import type { ProfileUpdateInput } from '@knotwork/shared/schemas/auth';
import type { User } from '@knotwork/shared/schemas/user';

export const profileQueryOptions = queryOptions({
  queryKey: ['auth', 'profile'],
  queryFn: () => api<{ user: User }>('/auth/profile'),
});

export function useProfile() {
  return useQuery(profileQueryOptions);
}

export interface ProfileUpdate extends ProfileUpdateInput {
  /** A new avatar; when present the update goes as multipart with the file under `profileImage`. */
  profileImage?: File | null;
}

export function updateProfile({ profileImage, ...fields }: ProfileUpdate) {
  if (!profileImage)
    return api<{ message: string; user: User }>('/auth/profile', { method: 'PUT', body: fields });
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) form.append(key, value);
  // The file goes last: a multipart parser then has every text field before it streams the file.
  form.append('profileImage', profileImage);
  return api<{ message: string; user: User }>('/auth/profile', { method: 'PUT', body: form });
}

export function useUpdateProfileMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: ({ user }) => {
      useAuthStore.getState().setUser(user);
      queryClient.setQueryData(profileQueryOptions.queryKey, { user });
      queryClient.setQueryData(['auth', 'me', user.id], { user });
    },
  });
}
