import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client.ts';
import { notify } from '@/lib/toast.ts';

/**
 * The frame of a back-office action dialog (order actions, payments, shipping): a title, what confirming does, the
 * fields, Cancel and Confirm (disabled while the request runs).
 */
export function StaffActionDialog({
  title,
  intro,
  pending,
  confirmLabel,
  confirmTestId,
  onConfirm,
  onClose,
  children,
}: {
  title: string;
  intro?: ReactNode;
  pending: boolean;
  confirmLabel?: string;
  confirmTestId?: string;
  onConfirm: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('admin');
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="staff-action-title">
      <DialogTitle id="staff-action-title">{title}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 4, pt: '8px !important' }}>
        {intro && <DialogContentText>{intro}</DialogContentText>}
        {children}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" disabled={pending} onClick={onConfirm} data-testid={confirmTestId}>
          {confirmLabel ?? t('common.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * What an action dialog does with the answer: a success toast and close, or the field errors under the fields and
 * an error toast (never a success tick). `translate` puts the server's message in the page's language.
 */
export function actionOutcome(
  translate: (message: string | undefined) => string,
  setErrors: (errors: Record<string, string>) => void,
  onClose: () => void,
) {
  return {
    onSuccess: (res: { message: string }) => {
      notify.success(translate(res.message));
      onClose();
    },
    onError: (e: Error) => {
      if (e instanceof ApiError) setErrors(e.fieldErrors);
      notify.error(translate(e.message));
    },
  };
}
