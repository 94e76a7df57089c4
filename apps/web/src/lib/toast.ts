import { create } from 'zustand';
import type toastFunction from 'react-hot-toast';
import type { Renderable, ToastOptions } from 'react-hot-toast';
import { TOAST_ERROR_MS, TOAST_SUCCESS_MS } from '@knotwork/shared/constants/limits';
import type * as ErrorMessages from './error-message.ts';

/**
 * Whether the toaster is mounted. The toaster (react-hot-toast and its styling engine) is not in the first page's
 * scripts (issue 9): app/provider.tsx loads it once the browser is idle after the first paint, so a toast shown
 * later appears at once, as it did when it was part of the first download. A toast asked for sooner loads it
 * then; the toaster shows the toasts react-hot-toast's store already holds.
 */
export const useToasterWanted = create<{ wanted: boolean }>(() => ({ wanted: false }));

type Messages = typeof ErrorMessages;

let loading: Promise<[typeof toastFunction, Messages]> | undefined;
/**
 * Loads react-hot-toast, mounts the toaster, and loads the fixed messages' translations with it (a toast
 * translates a server's English message; neither is needed before the first toast).
 */
export function loadToaster(): Promise<[typeof toastFunction, Messages]> {
  useToasterWanted.setState({ wanted: true });
  loading ??= Promise.all([import('react-hot-toast').then((m) => m.default), import('./error-message.ts')]);
  return loading;
}

function withToast(show: (toast: typeof toastFunction, messages: Messages) => void): void {
  void loadToaster().then(([toast, messages]) => show(toast, messages));
}

/** Success toasts stay 4 s, errors 5 s (SPEC.md 8, 9); a server's fixed English message shows translated. */
export const notify = {
  success: (message: string) =>
    withToast((toast, m) => toast.success(m.translateMessage(message), { duration: TOAST_SUCCESS_MS })),
  error: (message: string) =>
    withToast((toast, m) => toast.error(m.translateMessage(message), { duration: TOAST_ERROR_MS })),
  /** The server's message field, else the response message, else the error's own message (SPEC.md 8). */
  fromError: (error: unknown, fallback?: string) =>
    withToast((toast, m) => toast.error(m.errorMessage(error, fallback), { duration: TOAST_ERROR_MS })),
  /** A neutral toast with its own content and options (guidance, a push that arrives while the site is open). */
  show: (content: Renderable, options?: ToastOptions) => withToast((toast) => toast(content, options)),
};
