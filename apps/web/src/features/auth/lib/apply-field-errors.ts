import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/lib/api-client.ts';
import { notify } from '@/lib/toast.ts';

/**
 * Shows a failed call the way SPEC.md 8 asks: the server's field errors under the matching fields,
 * and its message in an error toast. Returns the messages placed on fields.
 */
export function showFormError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  options: { toast?: boolean } = {},
): string[] {
  const shown: string[] = [];
  if (error instanceof ApiError) {
    for (const [field, message] of Object.entries(error.fieldErrors)) {
      if (!(fields as readonly string[]).includes(field)) continue;
      setError(field as Path<T>, { type: 'server', message });
      shown.push(message);
    }
  }
  if (options.toast !== false) notify.fromError(error);
  return shown;
}
