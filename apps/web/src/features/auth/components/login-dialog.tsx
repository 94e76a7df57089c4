import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { loginSchema } from '@knotwork/shared/schemas/auth';
import { ApiError } from '@/lib/api-client.ts';
import { useAuthDialogStore } from '@/lib/auth-dialog-store.ts';
import { TOAST_SUCCESS_MS } from '@knotwork/shared/constants/limits';
import { paths } from '@/config/paths.ts';
import { readOtpRequired } from '../api/auth-response.ts';
import { useLoginMutation } from '../api/login.ts';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in.ts';
import { fieldProps } from '../lib/field-props.ts';
import { rememberPendingPassword } from '../lib/pending-password.ts';
import { showFormError } from '../lib/apply-field-errors.ts';
import { StoreAuthDialog } from './auth-dialog-frame.tsx';
import { DialogLink } from './dialog-link.tsx';
import { GoogleSignInButton } from './google-sign-in-button.tsx';
import { PasswordField } from './password-field.tsx';
import { translateMessage } from '@/lib/messages.ts';
import { notify } from '@/lib/toast.ts';

/** Sign in (SPEC.md 2): Google, e-mail and password, links to Forgot Password and Sign Up. */
export function LoginDialog() {
  const { t } = useTranslation('auth');
  return (
    <StoreAuthDialog
      dialog="login"
      title={t('login.title')}
      subtitle={t('login.subtitle')}
      testId="login-dialog"
    >
      <LoginForm />
    </StoreAuthDialog>
  );
}

function LoginForm() {
  const { t } = useTranslation('auth');
  const show = useAuthDialogStore((s) => s.show);
  const close = useAuthDialogStore((s) => s.close);
  const navigate = useNavigate();
  const completeSignIn = useCompleteSignIn();
  const login = useLoginMutation();
  const form = useForm({
    resolver: zodResolver(loginSchema),
    mode: 'onChange',
    defaultValues: { email: '', password: '' },
  });

  // An unverified e-mail: the code screen takes over (the server says whether it mailed a code just now or the
  // one sent at sign-up still holds). Guidance, not a failure.
  const toCodeScreen = (email: string, password: string, message: string | undefined) => {
    rememberPendingPassword(email, password);
    notify.show(message ? translateMessage(message) : t('verify.needed'), {
      icon: '✉️',
      duration: TOAST_SUCCESS_MS,
    });
    close();
    void navigate(paths.verifyOtp.href(), { state: { email } });
  };

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const answer = await login.mutateAsync(values);
      const pending = readOtpRequired(answer);
      if (pending) return toCodeScreen(pending.email, values.password, answer.message);
      await completeSignIn(answer);
    } catch (error) {
      // A server answering 403 for it (older behaviour): the same.
      const pending = error instanceof ApiError && error.status === 403 ? readOtpRequired(error.body) : null;
      if (pending)
        return toCodeScreen(
          pending.email,
          values.password,
          error instanceof Error ? error.message : undefined,
        );
      showFormError(error, form.setError, ['email', 'password']);
    }
  });

  return (
    <>
      <GoogleSignInButton text="signin_with" />
      <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)} data-testid="login-form">
        <Stack spacing={4.5}>
          <TextField
            label={t('fields.email')}
            type="email"
            autoComplete="email"
            autoFocus
            fullWidth
            {...fieldProps(form, 'email')}
          />
          <PasswordField
            label={t('fields.password')}
            autoComplete="current-password"
            fullWidth
            {...fieldProps(form, 'password')}
          />
        </Stack>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
          <Typography variant="body2">
            <DialogLink onClick={() => show('forgot')} testId="open-forgot">
              {t('login.forgot')}
            </DialogLink>
          </Typography>
        </Box>
        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          disabled={login.isPending}
          sx={{ mt: 5 }}
        >
          {login.isPending ? t('login.submitting') : t('login.submit')}
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center', mt: 5 }}>
          {t('login.newHere')}{' '}
          <DialogLink onClick={() => show('register')} testId="open-register">
            {t('login.signUp')}
          </DialogLink>
        </Typography>
      </Box>
    </>
  );
}
