import { ForgotPasswordDialog } from './forgot-password-dialog.tsx';
import { LoginDialog } from './login-dialog.tsx';
import { RegisterDialog } from './register-dialog.tsx';
import { ResetPasswordDialog } from './reset-password-dialog.tsx';

/** The account dialogs themselves, a chunk of their own (see auth-dialogs.tsx). */
export default function AccountDialogs() {
  return (
    <>
      <LoginDialog />
      <RegisterDialog />
      <ForgotPasswordDialog />
      <ResetPasswordDialog />
    </>
  );
}
