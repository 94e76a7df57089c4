import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CreditCardOutlined from '@mui/icons-material/CreditCardOutlined';
import { apiMessages } from '@knotwork/shared/messages/api';
import { profileUpdateSchema } from '@knotwork/shared/schemas/auth';
import type { User } from '@knotwork/shared/schemas/user';
import { PageContainer } from '@/components/ui/page-container.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { useAuthStore } from '@/lib/auth-store.ts';
import { DEFAULT_AVATAR, mediaUrl } from '@/lib/media.ts';
import { notify } from '@/lib/toast.ts';
import { useProfile, useUpdateProfileMutation } from '../api/profile.ts';
import { AvatarPicker } from '../components/avatar-picker.tsx';
import { PasswordField } from '../components/password-field.tsx';
import { fieldProps } from '../lib/field-props.ts';
import { showFormError } from '../lib/apply-field-errors.ts';
import { translateMessage } from '@/lib/messages.ts';

/** The server's profile schema, with the names and e-mail present in this form (they are prefilled). */
const profileFormSchema = profileUpdateSchema.required({ first_name: true, last_name: true, email: true });

/** /profile: personal details, e-mail change (needs the current password), avatar, saved card. */
export default function ProfilePage() {
  const { t } = useTranslation('auth');
  const profile = useProfile();
  const storedUser = useAuthStore((s) => s.user);
  const user = profile.data?.user ?? storedUser;

  return (
    <>
      <PageHeader overline={t('profile.overline')} title={t('profile.title')} intro={t('profile.subtitle')} />
      <PageContainer sx={{ py: { xs: 10, md: 14 } }}>
        {user ? <ProfileForm user={user} /> : <Skeleton variant="rounded" height={360} />}
      </PageContainer>
    </>
  );
}

function ProfileForm({ user }: { user: User }) {
  const { t } = useTranslation('auth');
  const update = useUpdateProfileMutation();
  const [avatar, setAvatar] = useState<File | null>(null);
  const form = useForm({
    resolver: zodResolver(profileFormSchema),
    mode: 'onChange',
    defaultValues: {
      first_name: user.first_name,
      last_name: user.last_name,
      email: user.email,
      current_password: '',
    },
  });
  const emailChanged = form.watch('email').trim().toLowerCase() !== user.email.toLowerCase();

  // A fresher profile from the server replaces the form's starting values (not the user's typing).
  useEffect(() => {
    if (form.formState.isDirty) return;
    form.reset({
      first_name: user.first_name,
      last_name: user.last_name,
      email: user.email,
      current_password: '',
    });
  }, [form, user.first_name, user.last_name, user.email]);

  const onSubmit = form.handleSubmit(async (values) => {
    if (emailChanged && !values.current_password) {
      form.setError('current_password', { type: 'required', message: apiMessages.currentPasswordRequired });
      return;
    }
    try {
      const { message, user: saved } = await update.mutateAsync({
        first_name: values.first_name,
        last_name: values.last_name,
        ...(emailChanged ? { email: values.email, current_password: values.current_password } : {}),
        profileImage: avatar,
      });
      notify.success(message);
      setAvatar(null);
      form.reset({
        first_name: saved.first_name,
        last_name: saved.last_name,
        email: saved.email,
        current_password: '',
      });
    } catch (error) {
      showFormError(error, form.setError, ['first_name', 'last_name', 'email', 'current_password']);
    }
  });

  const pristine = !form.formState.isDirty && !avatar;
  const fullName = `${user.first_name} ${user.last_name}`.trim();

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 6,
        gridTemplateColumns: { xs: '1fr', md: '300px minmax(0, 760px)' },
        alignItems: 'start',
      }}
    >
      <Paper variant="outlined" sx={{ p: 7 }}>
        <AvatarPicker
          src={mediaUrl(user.profileImage) ?? DEFAULT_AVATAR}
          name={fullName}
          file={avatar}
          onFileChange={setAvatar}
          disabled={update.isPending}
        />
        <Typography sx={{ textAlign: 'center', fontWeight: 700, mt: 4 }}>{fullName}</Typography>
        <Typography
          variant="body2"
          color="text.secondary"
          noWrap
          title={user.email}
          sx={{ textAlign: 'center' }}
        >
          {user.email}
        </Typography>
        <Divider sx={{ my: 5 }} />
        <Stack direction="row" spacing={3} alignItems="center" data-testid="saved-card">
          <CreditCardOutlined color="action" />
          <Box>
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
              {t('profile.savedCard')}
            </Typography>
            <Typography
              variant="body2"
              sx={{ fontWeight: 600, letterSpacing: user.cardNumber ? '0.08em' : undefined }}
            >
              {user.cardNumber ?? t('profile.noCard')}
            </Typography>
          </Box>
        </Stack>
      </Paper>

      <Paper variant="outlined" sx={{ p: { xs: 6, md: 8 } }}>
        <Typography component="h2" variant="h5">
          {t('profile.details')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 6 }}>
          {t('profile.detailsHint')}
        </Typography>
        <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)} data-testid="profile-form">
          <Stack spacing={5}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={4}>
              <TextField
                label={t('fields.firstName')}
                autoComplete="given-name"
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
            <Collapse in={emailChanged} unmountOnExit>
              <PasswordField
                label={t('fields.currentPassword')}
                autoComplete="current-password"
                fullWidth
                {...fieldProps(form, 'current_password')}
                helperText={
                  translateMessage(form.formState.errors.current_password?.message) ??
                  t('profile.currentPasswordHint')
                }
              />
            </Collapse>
          </Stack>
          <Stack direction="row" spacing={3} justifyContent="flex-end" sx={{ mt: 7 }}>
            <Button
              color="inherit"
              disabled={pristine || update.isPending}
              onClick={() => {
                form.reset();
                setAvatar(null);
              }}
            >
              {t('profile.discard')}
            </Button>
            <Button type="submit" variant="contained" disabled={pristine || update.isPending} sx={{ px: 8 }}>
              {update.isPending ? t('profile.saving') : t('profile.save')}
            </Button>
          </Stack>
        </Box>
      </Paper>
    </Box>
  );
}
