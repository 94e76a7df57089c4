import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { resetPasswordFormSchema } from '@knotwork/shared/schemas/auth';
import { useAuthDialogStore } from '@/lib/auth-dialog-store.ts';
import { notify } from '@/lib/toast.ts';
import { useForgotPasswordMutation } from '../api/forgot-password.ts';
import { useResetPasswordMutation } from '../api/reset-password.ts';
import { fieldProps } from '../lib/field-props.ts';
import { showFormError } from '../lib/apply-field-errors.ts';
import { StoreAuthDialog } from './auth-dialog-frame.tsx';
import { DialogLink } from './dialog-link.tsx';
import { OtpInput } from './otp-input.tsx';
import { PasswordField } from './password-field.tsx';
import { translateMessage } from '@/lib/messages.ts';

/** Reset Password (SPEC.md 2): the code from the e-mail, the new password twice, Resend OTP. */
export function ResetPasswordDialog() {
  const { t } = useTranslation('auth');
  const email = useAuthDialogStore((s) => s.resetEmail);
  return (
    <StoreAuthDialog
      dialog="reset"
      title={t('reset.title')}
      subtitle={email ? t('reset.subtitle', { email }) : undefined}
      testId="reset-dialog"
    >
      <ResetPasswordForm email={email} />
    </StoreAuthDialog>
  );
}

function ResetPasswordForm({ email }: { email: string }) {
  const { t } = useTranslation('auth');
  const show = useAuthDialogStore((s) => s.show);
  const reset = useResetPasswordMutation();
  const resend = useForgotPasswordMutation();
  const form = useForm({
    resolver: zodResolver(resetPasswordFormSchema),
    mode: 'onChange',
    defaultValues: { otp: '', password: '', confirm_password: '' },
  });

  const onSubmit = form.handleSubmit(async ({ otp, password }) => {
    try {
      const { message } = await reset.mutateAsync({ email, otp, password });
      notify.success(message);
      // Closing reset (and the forgot step behind it) and opening sign-in is one switch of the store.
      show('login');
    } catch (error) {
      showFormError(error, form.setError, ['otp', 'password']);
    }
  });

  // "Resend OTP" for a reset asks for a fresh reset code: the same call as Forgot Password.
  const onResend = async () => {
    try {
      await resend.mutateAsync({ email });
      notify.success(t('otp.resent'));
    } catch (error) {
      notify.fromError(error);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)} data-testid="reset-form">
      <Controller
        control={form.control}
        name="otp"
        render={({ field, fieldState }) => (
          <Box sx={{ mb: 5 }}>
            <OtpInput
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={Boolean(fieldState.error)}
              autoFocus
            />
            {fieldState.error && (
              <FormHelperText error sx={{ textAlign: 'center' }}>
                {translateMessage(fieldState.error.message)}
              </FormHelperText>
            )}
          </Box>
        )}
      />
      <Stack spacing={4.5}>
        <PasswordField
          label={t('fields.newPassword')}
          autoComplete="new-password"
          fullWidth
          {...fieldProps(form, 'password')}
        />
        <PasswordField
          label={t('fields.confirmPassword')}
          autoComplete="new-password"
          fullWidth
          {...fieldProps(form, 'confirm_password')}
        />
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center', mt: 4 }}>
        {t('otp.notReceived')}{' '}
        <DialogLink onClick={() => void onResend()} testId="resend-otp">
          {resend.isPending ? t('otp.resending') : t('otp.resend')}
        </DialogLink>
      </Typography>
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        disabled={reset.isPending || !email}
        sx={{ mt: 5 }}
      >
        {reset.isPending ? t('reset.submitting') : t('reset.submit')}
      </Button>
    </Box>
  );
}
