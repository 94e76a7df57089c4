import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/lib/api-client.ts';
import { notify } from '@/lib/toast.ts';

/**
 * A failed save as SPEC.md 8 asks: the server's field errors under the matching fields and its message
 * in an error toast. (The auth feature has the same helper; features do not import each other.)
 */
export function showFormError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): void {
  if (error instanceof ApiError) {
    for (const [field, message] of Object.entries(error.fieldErrors)) {
      if ((fields as readonly string[]).includes(field))
        setError(field as Path<T>, { type: 'server', message }, { shouldFocus: true });
    }
  }
  notify.fromError(error);
}
