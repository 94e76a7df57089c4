import { useId, useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import {
  CONDITION_QUESTION_MAX,
  conditionRequestCreateSchema,
} from '@knotwork/shared/schemas/condition-reports';
import { ApiError } from '@/lib/api-client.ts';
import { translateMessage } from '@/lib/error-message.ts';
import { notify } from '@/lib/toast.ts';
import { useRequestConditionReport } from '../api/request-condition-report.ts';

/**
 * "Request a condition report" (issue 29 §2): an optional question for the specialist, checked with the shared
 * schema before it is sent; the toast says what the server did (asked, or sent at once from an existing report).
 */
export function RequestDialog({
  lotId,
  hours,
  onClose,
}: {
  lotId: string;
  /** The promise in words ("24 hours"). */
  hours: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('condition-reports');
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const request = useRequestConditionReport(lotId);
  const [question, setQuestion] = useState('');
  const [error, setError] = useState<string | undefined>();
  const formId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = conditionRequestCreateSchema.safeParse({ question });
    if (!parsed.success) {
      setError(translateMessage(parsed.error.issues[0]?.message));
      return;
    }
    setError(undefined);
    request.mutate(parsed.data, {
      onSuccess: (res) => {
        notify.success(res.message);
        onClose();
      },
      onError: (err) => {
        const field = err instanceof ApiError ? err.body.errors?.question : undefined;
        if (field) setError(translateMessage(field));
        else notify.fromError(err);
      },
    });
  };

  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={fullScreen}
      maxWidth="sm"
      fullWidth
      aria-labelledby={`${formId}-title`}
    >
      <DialogTitle id={`${formId}-title`}>{t('dialog.title')}</DialogTitle>
      <DialogContent>
        <Stack component="form" id={formId} onSubmit={submit} spacing={4} sx={{ pt: 1 }} noValidate>
          <Typography variant="body2" color="text.secondary">
            {t('dialog.intro', { hours })}
          </Typography>
          <TextField
            label={t('dialog.question')}
            value={question}
            onChange={(e) => setQuestion(e.target.value)}
            multiline
            minRows={3}
            maxRows={10}
            error={Boolean(error)}
            helperText={error ?? t('dialog.questionHelp', { count: question.length })}
            slotProps={{
              htmlInput: { maxLength: CONDITION_QUESTION_MAX, 'data-testid': 'condition-question' },
            }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('dialog.cancel')}</Button>
        <Button type="submit" form={formId} variant="contained" disabled={request.isPending}>
          {t('dialog.send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
