import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import { useTranslation } from 'react-i18next';
import { notifySchema, type NotifyInput } from '@knotwork/shared/schemas/content';
import { ApiError } from '@/lib/api-client.ts';
import { notify } from '@/lib/toast.ts';
import { radius } from '@/lib/theme.ts';
import { useSubscribeNotify } from '../api/subscribe-notify.ts';
import { translateMessage } from '@/lib/messages.ts';

/** "Tell me when new auctions open": one e-mail field (the shared e-mail rules, checked as you type). */
export function NotifyForm() {
  const { t } = useTranslation('content');
  const subscribe = useSubscribeNotify();
  const form = useForm<NotifyInput>({
    resolver: zodResolver(notifySchema),
    mode: 'onChange',
    defaultValues: { email: '' },
  });
  const { ref, ...email } = form.register('email');
  const error = form.formState.errors.email;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const { message } = await subscribe.mutateAsync(values);
      notify.success(message);
      form.reset({ email: '' });
    } catch (err) {
      const fieldError = err instanceof ApiError ? err.fieldErrors.email : undefined;
      if (fieldError) form.setError('email', { type: 'server', message: fieldError });
      notify.fromError(err);
    }
  });

  return (
    <Box
      component="section"
      aria-labelledby="notify-title"
      sx={{
        bgcolor: 'text.primary',
        color: 'background.paper',
        borderRadius: `${radius.card}px`,
        p: { xs: 8, md: 12 },
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
        gap: { xs: 8, md: 12 },
        alignItems: 'center',
      }}
    >
      <Box>
        <NotificationsActiveOutlined aria-hidden sx={{ color: 'accent.main', fontSize: 36, mb: 3 }} />
        <Typography id="notify-title" variant="h4" component="h2">
          {t('about.notify.title')}
        </Typography>
        <Typography variant="body1" sx={{ mt: 3, opacity: 0.8 }}>
          {t('about.notify.body')}
        </Typography>
      </Box>
      <Box
        component="form"
        noValidate
        onSubmit={(e) => void onSubmit(e)}
        sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: 3, alignItems: 'flex-start' }}
      >
        <TextField
          {...email}
          inputRef={ref}
          type="email"
          autoComplete="email"
          label={t('about.notify.emailLabel')}
          error={Boolean(error)}
          helperText={translateMessage(error?.message) ?? ' '}
          fullWidth
          variant="filled"
          sx={(th) => ({
            // A light field on the dark band; the label stays inside it (filled), the help text below is light.
            '& .MuiFilledInput-root': {
              bgcolor: 'background.paper',
              borderRadius: `${radius.field}px`,
              '&:hover, &.Mui-focused': { bgcolor: 'background.paper' },
            },
            '& .MuiFormHelperText-root': { color: error ? th.palette.error.light : 'inherit', mx: 0 },
          })}
          slotProps={{ input: { disableUnderline: true } }}
        />
        <Button
          type="submit"
          variant="contained"
          disabled={subscribe.isPending}
          sx={{
            bgcolor: 'accent.main',
            color: 'accent.contrastText',
            flexShrink: 0,
            minHeight: 56,
            '&:hover': { bgcolor: 'accent.light' },
          }}
        >
          {subscribe.isPending ? t('about.notify.submitting') : t('about.notify.submit')}
        </Button>
      </Box>
    </Box>
  );
}
