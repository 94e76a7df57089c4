import { ApiError } from './api-client.ts';
import { i18n } from './i18n.ts';
import { translateMessage } from './messages.ts';

export { translateMessage };

/**
 * An error's message for the visitor, in their language when it is one of the shared fixed messages. Its own
 * module, apart from lib/toast.ts: the catalogue of fixed messages it reads is not in every page's entry, only in
 * the code that shows an error (issue 9).
 */
export function errorMessage(error: unknown, fallback?: string): string {
  const otherwise = fallback ?? i18n.t('common:errors.generic');
  if (error instanceof ApiError) return translateMessage(error.message) || otherwise;
  if (error instanceof Error && error.message) return translateMessage(error.message);
  return otherwise;
}
