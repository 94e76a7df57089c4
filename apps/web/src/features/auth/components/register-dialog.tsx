import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { registerFormSchema } from '@knotwork/shared/schemas/auth';
import { useAuthDialogStore } from '@/lib/auth-dialog-store.ts';
import { notify } from '@/lib/toast.ts';
import { paths } from '@/config/paths.ts';
import { useRegisterMutation } from '../api/register.ts';
import { fieldProps } from '../lib/field-props.ts';
import { showFormError } from '../lib/apply-field-errors.ts';
import { rememberPendingPassword } from '../lib/pending-password.ts';
import { StoreAuthDialog } from './auth-dialog-frame.tsx';
import { DialogLink } from './dialog-link.tsx';
import { GoogleSignInButton } from './google-sign-in-button.tsx';
import { PasswordField } from './password-field.tsx';
import { translateMessage } from '@/lib/messages.ts';

/** Sign Up (SPEC.md 2): names, e-mail, password twice, terms; Save stays disabled until terms are ticked. */
export function RegisterDialog() {
  const { t } = useTranslation('auth');
  return (
    <StoreAuthDialog
      dialog="register"
      title={t('register.title')}
      subtitle={t('register.subtitle')}
      testId="register-dialog"
    >
      <RegisterForm />
    </StoreAuthDialog>
  );
}

const defaultValues = {
  first_name: '',
  last_name: '',
  email: '',
  password: '',
  confirm_password: '',
  terms: false,
};

function RegisterForm() {
  const { t } = useTranslation('auth');
  const show = useAuthDialogStore((s) => s.show);
  const register = useRegisterMutation();
  const form = useForm({ resolver: zodResolver(registerFormSchema), mode: 'onChange', defaultValues });
  const termsAccepted = form.watch('terms');

  const onSubmit = form.handleSubmit(async ({ first_name, last_name, email, password }) => {
    try {
      const { message } = await register.mutateAsync({ first_name, last_name, email, password });
      rememberPendingPassword(email, password);
      notify.success(message);
      show('login');
    } catch (error) {
      showFormError(error, form.setError, ['first_name', 'last_name', 'email', 'password']);
    }
  });

  const policyLink = (to: string) => (
    <Link
      component={RouterLink}
      to={to}
      target="_blank"
      rel="noopener"
      underline="always"
      sx={{ color: 'text.primary', fontWeight: 600 }}
    />
  );

  return (
    <>
      <GoogleSignInButton text="signup_with" />
      <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)} data-testid="register-form">
        <Stack spacing={4.5}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={4}>
            <TextField
              label={t('fields.firstName')}
              autoComplete="given-name"
              autoFocus
              fullWidth
              {...fieldProps(form, 'first_name')}
            />
            <TextField
              label={t('fields.lastName')}
              autoComplete="family-name"
              fullWidth
              {...fieldProps(form, 'last_name')}
            />
          </Stack>
          <TextField
            label={t('fields.email')}
            type="email"
            autoComplete="email"
            fullWidth
            {...fieldProps(form, 'email')}
          />
          <PasswordField
            label={t('fields.password')}
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
        <Controller
          control={form.control}
          name="terms"
          render={({ field, fieldState }) => (
            <Box sx={{ mt: 3 }}>
              <FormControlLabel
                control={
                  <Checkbox
                    checked={field.value}
                    onChange={(e) => field.onChange(e.target.checked)}
                    onBlur={field.onBlur}
                    inputRef={field.ref}
                  />
                }
                label={
                  <Typography variant="body2">
                    <Trans
                      t={t}
                      i18nKey="register.terms"
                      components={{
                        privacy: policyLink(paths.privacyPolicy.href()),
                        terms: policyLink(paths.terms.href()),
                      }}
                    />
                  </Typography>
                }
              />
              {fieldState.error && (
                <FormHelperText error>{translateMessage(fieldState.error.message)}</FormHelperText>
              )}
            </Box>
          )}
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          disabled={!termsAccepted || register.isPending}
          sx={{ mt: 4 }}
        >
          {register.isPending ? t('register.submitting') : t('register.submit')}
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center', mt: 5 }}>
          {t('register.haveAccount')}{' '}
          <DialogLink onClick={() => show('login')} testId="open-login">
            {t('register.signIn')}
          </DialogLink>
        </Typography>
      </Box>
    </>
  );
}
