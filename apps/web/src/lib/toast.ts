import toast from 'react-hot-toast';
import { TOAST_ERROR_MS, TOAST_SUCCESS_MS } from '@knotwork/shared/constants/limits';
import { ApiError } from './api-client.ts';

/** Success toasts stay 4 s, errors 5 s (SPEC.md 8, 9). */
export const notify = {
  success: (message: string) => toast.success(message, { duration: TOAST_SUCCESS_MS }),
  error: (message: string) => toast.error(message, { duration: TOAST_ERROR_MS }),
  /** The server's message field, else the response message, else the error's own message (SPEC.md 8). */
  fromError: (error: unknown, fallback = 'Something went wrong') =>
    toast.error(errorMessage(error, fallback), { duration: TOAST_ERROR_MS }),
};

export function errorMessage(error: unknown, fallback = 'Something went wrong'): string {
  if (error instanceof ApiError) return error.message || fallback;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
