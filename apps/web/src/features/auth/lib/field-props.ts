import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { translateMessage } from '@/lib/messages.ts';

/**
 * Wires a react-hook-form field into an MUI TextField: registration, the input ref (so focus on error
 * works) and the field's first error message under it.
 */
export function fieldProps<T extends FieldValues>(form: UseFormReturn<T>, name: Path<T>) {
  const { ref, ...rest } = form.register(name);
  const error = form.getFieldState(name, form.formState).error;
  // Controlled from the form's value: after a reset an uncontrolled MUI field would keep its label
  // floating over an empty box.
  const value: unknown = form.watch(name);
  return {
    ...rest,
    value: value ?? '',
    inputRef: ref,
    error: Boolean(error),
    helperText: translateMessage(error?.message),
  };
}
