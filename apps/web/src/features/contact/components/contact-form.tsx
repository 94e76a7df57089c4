import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { CONTACT_MESSAGE_COUNTER } from '@knotwork/shared/constants/limits';
import { contactSchema } from '@knotwork/shared/schemas/contact';
import { ApiError } from '@/lib/api-client.ts';
import { notify } from '@/lib/toast.ts';
import { useSendContactMessage } from '../api/send-contact-message.ts';
import { fieldProps } from '../lib/field-props.ts';

const emptyValues = { name: '', email: '', mobile_number: '', message: '' };
type Field = keyof typeof emptyValues;

interface ContactFormProps {
  /** Compact layout for the chat panel. */
  dense?: boolean;
  /** After a successful send; receives the server's message. */
  onSent?: (message: string) => void;
  /**
   * SPEC.md 4: after success or failure the contact page's form is cleared. The chat panel keeps the
   * text on failure so a long message is not lost to a network error.
   */
  clearOnFailure?: boolean;
  testId: string;
}

/** Name, e-mail, phone and message with the remaining-characters counter (250 down to 0). */
export function ContactForm({ dense, onSent, clearOnFailure = true, testId }: ContactFormProps) {
  const { t } = useTranslation('contact');
  const send = useSendContactMessage();
  const form = useForm({
    resolver: zodResolver(contactSchema),
    mode: 'onChange',
    defaultValues: emptyValues,
  });
  const remaining = CONTACT_MESSAGE_COUNTER - form.watch('message').length;
  const size = dense ? 'small' : 'medium';

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const { message } = await send.mutateAsync(values);
      form.reset(emptyValues);
      notify.success(message);
      onSent?.(message);
    } catch (error) {
      notify.fromError(error);
      if (clearOnFailure) form.reset(emptyValues);
      else if (error instanceof ApiError) {
        for (const [field, message] of Object.entries(error.fieldErrors)) {
          if (field in emptyValues) form.setError(field as Field, { type: 'server', message });
        }
      }
    }
  });

  return (
    <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)} data-testid={testId}>
      <Stack spacing={dense ? 3 : 5}>
        <Stack direction={{ xs: 'column', sm: dense ? 'column' : 'row' }} spacing={dense ? 3 : 4}>
          <TextField
            label={t('fields.name')}
            autoComplete="name"
            size={size}
            fullWidth
            {...fieldProps(form, 'name')}
          />
          <TextField
            label={t('fields.phone')}
            type="tel"
            autoComplete="tel"
            size={size}
            fullWidth
            {...fieldProps(form, 'mobile_number')}
          />
        </Stack>
        <TextField
          label={t('fields.email')}
          type="email"
          autoComplete="email"
          size={size}
          fullWidth
          {...fieldProps(form, 'email')}
        />
        <Box>
          <TextField
            label={t('fields.message')}
            multiline
            minRows={dense ? 3 : 5}
            size={size}
            fullWidth
            {...fieldProps(form, 'message')}
            slotProps={{
              htmlInput: { maxLength: CONTACT_MESSAGE_COUNTER, 'aria-describedby': `${testId}-counter` },
            }}
          />
          <Box
            id={`${testId}-counter`}
            aria-live="polite"
            data-testid="contact-counter"
            sx={{
              textAlign: 'right',
              mt: 1,
              fontSize: '0.75rem',
              color: remaining <= 20 ? 'warning.main' : 'text.secondary',
            }}
          >
            {t('remaining', { count: remaining })}
          </Box>
        </Box>
      </Stack>
      <Button
        type="submit"
        variant="contained"
        size={dense ? 'medium' : 'large'}
        fullWidth={dense}
        disabled={send.isPending}
        sx={{ mt: dense ? 1.5 : 3, px: dense ? undefined : 6, py: dense ? undefined : 1.4 }}
      >
        {send.isPending ? t('submitting') : t('submit')}
      </Button>
    </Box>
  );
}
