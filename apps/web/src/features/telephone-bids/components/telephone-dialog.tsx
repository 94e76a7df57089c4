import { useId, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import {
  telephoneBookingCreateSchema,
  type TelephoneStanding,
} from '@knotwork/shared/schemas/telephone-bids';
import { ApiError } from '@/lib/api-client.ts';
import { errorMessage, translateMessage } from '@/lib/error-message.ts';
import { formatUsd } from '@/lib/format.ts';
import { notify } from '@/lib/toast.ts';
import { useBookTelephone } from '../api/book-telephone.ts';

/**
 * Choosing the lots to bid on by telephone (issue 29 §1): every lot of the sale, the bookable ones ticked by the
 * bidder, the others saying why not (under the house's minimum estimate, every line taken, already offered), then
 * the number the house will call, the registration's by default. Checked with the shared schema before sending.
 */
export function TelephoneDialog({
  saleId,
  standing,
  onClose,
}: {
  saleId: string;
  standing: TelephoneStanding;
  onClose: () => void;
}) {
  const { t } = useTranslation('bidding');
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const book = useBookTelephone(saleId);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [phone, setPhone] = useState(standing.phone);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const formId = useId();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = telephoneBookingCreateSchema.safeParse({ lotIds: [...chosen], phone });
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    book.mutate(parsed.data, {
      onSuccess: (res) => {
        notify.success(res.message);
        onClose();
      },
      onError: (err) => {
        if (err instanceof ApiError && err.body.errors) setErrors(err.body.errors);
        else notify.error(errorMessage(err));
      },
    });
  };

  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
      aria-labelledby={`${formId}-title`}
    >
      <DialogTitle id={`${formId}-title`}>{t('telephone.dialogTitle')}</DialogTitle>
      <DialogContent>
        <Stack component="form" id={formId} onSubmit={submit} spacing={3} noValidate sx={{ pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {t('telephone.dialogIntro', { paddle: standing.paddle ?? '' })}
          </Typography>
          <Stack role="group" aria-label={t('telephone.lots')} spacing={0.5}>
            {standing.lots.map((lot) => {
              const booked = lot.bookingId !== null;
              const disabled = booked || lot.availability !== 'open';
              return (
                <FormControlLabel
                  key={lot.lotId}
                  disabled={disabled}
                  control={
                    <Checkbox
                      checked={booked || chosen.has(lot.lotId)}
                      onChange={(e) => {
                        const next = new Set(chosen);
                        if (e.target.checked) next.add(lot.lotId);
                        else next.delete(lot.lotId);
                        setChosen(next);
                      }}
                    />
                  }
                  label={
                    <span>
                      {t('telephone.lotLine', {
                        number: lot.lotNumber,
                        title: lot.title,
                        estimate: `${formatUsd(lot.estimateLow)} – ${formatUsd(lot.estimateHigh)}`,
                      })}
                      <Typography
                        component="span"
                        variant="body2"
                        color="text.secondary"
                        sx={{ display: 'block' }}
                      >
                        {booked
                          ? t('telephone.alreadyBooked')
                          : t(`telephone.availability.${lot.availability}`, { count: lot.linesLeft })}
                      </Typography>
                    </span>
                  }
                />
              );
            })}
          </Stack>
          {errors.lotIds && <Alert severity="error">{translateMessage(errors.lotIds)}</Alert>}
          <TextField
            label={t('telephone.phone')}
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
            required
            error={Boolean(errors.phone)}
            helperText={errors.phone ? translateMessage(errors.phone) : t('telephone.phoneHelp')}
            slotProps={{ htmlInput: { inputMode: 'tel', autoComplete: 'tel', dir: 'ltr' } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('telephone.close')}</Button>
        <Button
          type="submit"
          form={formId}
          variant="contained"
          disabled={book.isPending}
          startIcon={book.isPending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
          data-testid="telephone-confirm"
        >
          {t('telephone.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
