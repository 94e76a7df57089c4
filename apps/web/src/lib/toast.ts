import toast from 'react-hot-toast';
import { TOAST_ERROR_MS, TOAST_SUCCESS_MS } from '@knotwork/shared/constants/limits';
import { ApiError } from './api-client.ts';
import { i18n } from './i18n.ts';
import { translateMessage } from './messages.ts';

/** Success toasts stay 4 s, errors 5 s (SPEC.md 8, 9); a server's fixed English message shows translated. */
export const notify = {
  success: (message: string) => toast.success(translateMessage(message), { duration: TOAST_SUCCESS_MS }),
  error: (message: string) => toast.error(translateMessage(message), { duration: TOAST_ERROR_MS }),
  /** The server's message field, else the response message, else the error's own message (SPEC.md 8). */
  fromError: (error: unknown, fallback?: string) => toast.error(errorMessage(error, fallback), { duration: TOAST_ERROR_MS }),
};

/** An error's message for the visitor, in their language when it is one of the shared fixed messages. */
export function errorMessage(error: unknown, fallback?: string): string {
  const otherwise = fallback ?? i18n.t('common:errors.generic');
  if (error instanceof ApiError) return translateMessage(error.message) || otherwise;
  if (error instanceof Error && error.message) return translateMessage(error.message);
  return otherwise;
}
