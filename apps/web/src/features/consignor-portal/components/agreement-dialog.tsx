import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client.ts';
import { notify } from '@/lib/toast.ts';
import { useAcceptAgreement } from '../api/accept-agreement.ts';
import type { PortalConsignment } from '../api/get-consignments.ts';
import { usePortalMoney } from '../hooks/use-portal-money.ts';
import { TermsSummary } from './terms-summary.tsx';

/** "Review and accept": the terms, the rugs they cover, and a checkbox the consignor ticks before accepting. */
export function AgreementDialog({
  consignment,
  open,
  onClose,
}: {
  consignment: PortalConsignment;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('consignor-portal');
  const { estimate } = usePortalMoney();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [checked, setChecked] = useState(false);
  const [failed, setFailed] = useState<'changed' | 'other' | null>(null);
  const accept = useAcceptAgreement();
  const version = consignment.agreement.version ?? '';

  const close = () => {
    setChecked(false);
    setFailed(null);
    onClose();
  };
  const submit = () => {
    setFailed(null);
    accept.mutate(
      { id: consignment.id, version },
      {
        onSuccess: () => {
          notify.success(t('agreement.accepted'));
          close();
        },
        onError: (error) =>
          setFailed(error instanceof ApiError && error.status === 409 ? 'changed' : 'other'),
      },
    );
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      fullScreen={fullScreen}
      maxWidth="sm"
      fullWidth
      aria-labelledby="agreement-title"
    >
      <DialogTitle id="agreement-title">
        {t('agreement.dialogTitle', { number: consignment.number })}
      </DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
          {t('agreement.version', { version })}
        </Typography>
        <Typography sx={{ mb: 3 }}>{t('agreement.intro')}</Typography>
        <Typography component="ul" variant="body2" sx={{ m: 0, mb: 3, ps: 5 }}>
          {consignment.items.map((item) => (
            <li key={item.id}>
              {item.rugTitle} · {t('estimate', { range: estimate(item.estimateLow, item.estimateHigh) })}
            </li>
          ))}
        </Typography>
        {consignment.terms ? (
          <TermsSummary terms={consignment.terms} />
        ) : (
          <Typography variant="body2">{t('agreement.termsUnavailable')}</Typography>
        )}
        <FormControlLabel
          sx={{ mt: 4 }}
          control={<Checkbox checked={checked} onChange={(e) => setChecked(e.target.checked)} />}
          label={t('agreement.check')}
        />
        {failed && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {failed === 'changed' ? t('agreement.changed') : t('agreement.failed')}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('agreement.cancel')}</Button>
        <Button variant="contained" disabled={!checked || accept.isPending} onClick={submit}>
          {t('agreement.accept')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
