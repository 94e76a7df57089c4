import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { forgotPasswordSchema } from '@knotwork/shared/schemas/auth';
import { useAuthDialogStore } from '@/lib/auth-dialog-store.ts';
import { notify } from '@/lib/toast.ts';
import { useForgotPasswordMutation } from '../api/forgot-password.ts';
import { fieldProps } from '../lib/field-props.ts';
import { showFormError } from '../lib/apply-field-errors.ts';
import { StoreAuthDialog } from './auth-dialog-frame.tsx';
import { DialogLink } from './dialog-link.tsx';

/** Forgot Password (SPEC.md 2): the e-mail and a Reset button; success opens Reset Password. */
export function ForgotPasswordDialog() {
  const { t } = useTranslation('auth');
  return (
    <StoreAuthDialog
      dialog="forgot"
      title={t('forgot.title')}
      subtitle={t('forgot.subtitle')}
      testId="forgot-dialog"
    >
      <ForgotPasswordForm />
    </StoreAuthDialog>
  );
}

function ForgotPasswordForm() {
  const { t } = useTranslation('auth');
  const show = useAuthDialogStore((s) => s.show);
  const resetEmail = useAuthDialogStore((s) => s.resetEmail);
  const forgot = useForgotPasswordMutation();
  const form = useForm({
    resolver: zodResolver(forgotPasswordSchema),
    mode: 'onChange',
    defaultValues: { email: resetEmail },
  });

  const onSubmit = form.handleSubmit(async ({ email }) => {
    try {
      const { message } = await forgot.mutateAsync({ email });
      notify.success(message);
      show('reset', { resetEmail: email });
    } catch (error) {
      showFormError(error, form.setError, ['email']);
    }
  });

  return (
    <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)} data-testid="forgot-form">
      <TextField
        label={t('fields.email')}
        type="email"
        autoComplete="email"
        autoFocus
        fullWidth
        {...fieldProps(form, 'email')}
      />
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        disabled={forgot.isPending}
        sx={{ mt: 6 }}
      >
        {forgot.isPending ? t('forgot.submitting') : t('forgot.submit')}
      </Button>
      <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center', mt: 5 }}>
        {t('forgot.remembered')}{' '}
        <DialogLink onClick={() => show('login')} testId="back-to-login">
          {t('forgot.backToLogin')}
        </DialogLink>
      </Typography>
    </Box>
  );
}
