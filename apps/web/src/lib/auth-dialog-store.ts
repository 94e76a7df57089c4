import { create } from 'zustand';

export type AuthDialog = 'login' | 'register' | 'forgot' | 'reset';

/**
 * Which account dialog is open (SPEC.md 2 "Dialogs", transitions in SPEC.md 4). The header, the guards
 * and any "sign in to bid" button open them through here; features/auth renders them.
 */
interface AuthDialogState {
  open: AuthDialog | null;
  /** The e-mail carried from Forgot Password into Reset Password. */
  resetEmail: string;
  /** Where to go after a successful sign-in from a dialog (e.g. back to the lot). */
  redirectTo: string | null;
  show: (dialog: AuthDialog, options?: { resetEmail?: string; redirectTo?: string | null }) => void;
  close: () => void;
}

export const useAuthDialogStore = create<AuthDialogState>((set) => ({
  open: null,
  resetEmail: '',
  redirectTo: null,
  show(dialog, options = {}) {
    set((s) => ({
      open: dialog,
      resetEmail: options.resetEmail ?? s.resetEmail,
      redirectTo: options.redirectTo === undefined ? s.redirectTo : options.redirectTo,
    }));
  },
  close() {
    set({ open: null });
  },
}));
