import { useState } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client.ts';
import { notify } from '@/lib/toast.ts';
import { adminMessage } from '../../shell/server-message.ts';

/** Saves through a settings mutation with the back office's toasts; the server's field errors by path. */
export function useSaveSetting<V>(mutation: UseMutationResult<{ message: string }, Error, V>) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = (value: V) =>
    mutation.mutate(value, {
      onSuccess: (res) => {
        setErrors({});
        notify.success(adminMessage(res.message));
      },
      onError: (e) => {
        setErrors(e instanceof ApiError ? e.fieldErrors : {});
        notify.error(adminMessage(e.message));
      },
    });
  /** The first error at `path` or below it (`europe.countries` also shows `europe.countries.3`). */
  const errorAt = (path: string) =>
    adminMessage(
      Object.entries(errors).find(([k]) => k === path || k.startsWith(`${path}.`))?.[1] ?? undefined,
    );
  return { save, errorAt, pending: mutation.isPending };
}
