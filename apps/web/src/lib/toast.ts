import { create } from 'zustand';
import type toastFunction from 'react-hot-toast';
import type { Renderable, ToastOptions } from 'react-hot-toast';
import { TOAST_ERROR_MS, TOAST_SUCCESS_MS } from '@knotwork/shared/constants/limits';
import { ApiError } from './api-client.ts';
import { i18n } from './i18n.ts';
import { translateMessage } from './messages.ts';

/**
 * Whether the toaster is mounted. The toaster (react-hot-toast and its styling engine) is not in the first page's
 * scripts (issue 9): app/provider.tsx loads it once the browser is idle after the first paint, so a toast shown
 * later appears at once, as it did when it was part of the first download. A toast asked for sooner loads it
 * then; the toaster shows the toasts react-hot-toast's store already holds.
 */
export const useToasterWanted = create<{ wanted: boolean }>(() => ({ wanted: false }));

let loading: Promise<typeof toastFunction> | undefined;
/** Loads react-hot-toast and mounts the toaster. */
export function loadToaster(): Promise<typeof toastFunction> {
  useToasterWanted.setState({ wanted: true });
  loading ??= import('react-hot-toast').then((m) => m.default);
  return loading;
}

function withToast(show: (toast: typeof toastFunction) => void): void {
  void loadToaster().then(show);
}

/** Success toasts stay 4 s, errors 5 s (SPEC.md 8, 9); a server's fixed English message shows translated. */
export const notify = {
  success: (message: string) =>
    withToast((toast) => toast.success(translateMessage(message), { duration: TOAST_SUCCESS_MS })),
  error: (message: string) =>
    withToast((toast) => toast.error(translateMessage(message), { duration: TOAST_ERROR_MS })),
  /** The server's message field, else the response message, else the error's own message (SPEC.md 8). */
  fromError: (error: unknown, fallback?: string) => {
    const message = errorMessage(error, fallback);
    withToast((toast) => toast.error(message, { duration: TOAST_ERROR_MS }));
  },
  /** A neutral toast with its own content and options (guidance, a push that arrives while the site is open). */
  show: (content: Renderable, options?: ToastOptions) => withToast((toast) => toast(content, options)),
};

/** An error's message for the visitor, in their language when it is one of the shared fixed messages. */
export function errorMessage(error: unknown, fallback?: string): string {
  const otherwise = fallback ?? i18n.t('common:errors.generic');
  if (error instanceof ApiError) return translateMessage(error.message) || otherwise;
  if (error instanceof Error && error.message) return translateMessage(error.message);
  return otherwise;
}
