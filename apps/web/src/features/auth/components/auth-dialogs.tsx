import { ForgotPasswordDialog } from './forgot-password-dialog.tsx';
import { LoginDialog } from './login-dialog.tsx';
import { RegisterDialog } from './register-dialog.tsx';
import { ResetPasswordDialog } from './reset-password-dialog.tsx';

/**
 * The account dialogs; whichever `useAuthDialogStore().open` names is shown. Mount once inside the
 * router (they navigate after sign-in) and the query client provider.
 */
export function AuthDialogs() {
  return (
    <>
      <LoginDialog />
      <RegisterDialog />
      <ForgotPasswordDialog />
      <ResetPasswordDialog />
    </>
  );
}
