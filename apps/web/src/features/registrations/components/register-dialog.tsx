import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { registrationCreateSchema } from '@knotwork/shared/schemas/registrations';
import { formatAddress } from '@knotwork/shared/addresses/formats';
import { paths } from '@/config/paths.ts';
import { useAddresses } from '@/features/addresses/api/get-addresses.ts';
import { AddressDialog } from '@/features/addresses/components/address-dialog.tsx';
import { useIdentityStatus } from '@/features/identity/api/identity-status.ts';
import { formatMoney } from '@/lib/format-money.ts';
import { errorMessage, translateMessage } from '@/lib/error-message.ts';
import { useRegister } from '../api/register.ts';

/**
 * The registration form (issue 28 §1): the sale's conditions accepted, the address the bidder would ship to (from
 * their address book, or a new one), a phone the house can call (the address's, changeable). Checked with the
 * shared schema before it is sent; the server's answer says whether the house approved it at once.
 */
export function RegisterDialog({
  saleId,
  cardRequired,
  onClose,
}: {
  saleId: string;
  cardRequired: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('bidding');
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const addresses = useAddresses();
  const registerToBid = useRegister(saleId);
  // Known in advance (issue 28 §3): large purchases wait for an identity check before payment.
  const identity = useIdentityStatus();
  const [addressId, setAddressId] = useState('');
  const [phone, setPhone] = useState('');
  const [terms, setTerms] = useState(false);
  const [adding, setAdding] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const formId = useId();
  const list = useMemo(() => addresses.data ?? [], [addresses.data]);

  // The default address (listed first) and its phone, once the book has loaded or an address was added.
  useEffect(() => {
    const first = list[0];
    if (!addressId && first) {
      setAddressId(first.id);
      setPhone((p) => p || first.phone);
    }
  }, [list, addressId]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = registrationCreateSchema.safeParse({ acceptTerms: terms, addressId, phone });
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), translateMessage(i.message)])),
      );
      return;
    }
    setErrors({});
    // The toasts are the mutation's own (api/register.ts), so they show even if this dialog is gone by then.
    registerToBid.mutate(parsed.data, { onSuccess: onClose });
  };

  return (
    <>
      <Dialog
        open
        onClose={onClose}
        fullScreen={fullScreen}
        maxWidth="sm"
        fullWidth
        aria-labelledby={`${formId}-title`}
      >
        <DialogTitle id={`${formId}-title`}>{t('registration.dialogTitle')}</DialogTitle>
        <DialogContent>
          <Stack component="form" id={formId} onSubmit={submit} spacing={4} sx={{ pt: 1 }} noValidate>
            <Typography variant="body2" color="text.secondary">
              {t('registration.dialogIntro')}
            </Typography>
            {cardRequired && (
              <Alert severity="info" variant="outlined">
                {t('registration.cardNote')}{' '}
                <Link component={RouterLink} to={paths.profile.href()}>
                  {t('registration.cardLink')}
                </Link>
              </Alert>
            )}
            {identity.data?.enabled && !identity.data.approved && (
              <Typography variant="body2" color="text.secondary" data-testid="registration-identity">
                {t('registration.identityNote', {
                  threshold: formatMoney(identity.data.thresholdCents, identity.data.currency),
                  months: identity.data.periodMonths,
                })}{' '}
                <Link component={RouterLink} to={paths.identityCheck.href()}>
                  {t('registration.identityLink')}
                </Link>
              </Typography>
            )}
            {addresses.isPending ? (
              <CircularProgress size={24} aria-label={t('registration.loadingAddresses')} />
            ) : addresses.isError ? (
              <Alert severity="error">{errorMessage(addresses.error)}</Alert>
            ) : list.length === 0 ? (
              <Alert
                severity="info"
                action={
                  <Button color="inherit" size="small" onClick={() => setAdding(true)}>
                    {t('registration.addAddress')}
                  </Button>
                }
              >
                {t('registration.noAddress')}
              </Alert>
            ) : (
              <TextField
                select
                label={t('registration.address')}
                value={addressId}
                onChange={(e) => {
                  setAddressId(e.target.value);
                  const chosen = list.find((a) => a.id === e.target.value);
                  if (chosen) setPhone(chosen.phone);
                }}
                error={Boolean(errors.addressId)}
                helperText={errors.addressId}
                slotProps={{ select: { renderValue: (v) => list.find((a) => a.id === v)?.name ?? '' } }}
              >
                {list.map((a) => (
                  <MenuItem key={a.id} value={a.id} sx={{ whiteSpace: 'normal' }}>
                    <Typography variant="body2">{formatAddress(a).join(', ')}</Typography>
                  </MenuItem>
                ))}
              </TextField>
            )}
            <TextField
              label={t('registration.phone')}
              value={phone}
              onChange={(e) => setPhone(e.target.value)}
              type="tel"
              autoComplete="tel"
              error={Boolean(errors.phone)}
              helperText={errors.phone ?? t('registration.phoneHelp')}
            />
            <FormControlLabel
              control={<Checkbox checked={terms} onChange={(e) => setTerms(e.target.checked)} />}
              label={
                <Typography variant="body2">
                  {t('registration.terms')}{' '}
                  <Link component={RouterLink} to={paths.terms.href()} target="_blank" rel="noopener">
                    {t('registration.termsLink')}
                  </Link>
                </Typography>
              }
            />
            {errors.acceptTerms && (
              <Typography variant="caption" color="error" role="alert">
                {errors.acceptTerms}
              </Typography>
            )}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 6, pb: 4 }}>
          <Button onClick={onClose} color="inherit">
            {t('registration.cancel')}
          </Button>
          <Button type="submit" form={formId} variant="contained" disabled={registerToBid.isPending}>
            {t('registration.submit')}
          </Button>
        </DialogActions>
      </Dialog>
      {adding && <AddressDialog open address={null} firstAddress onClose={() => setAdding(false)} />}
    </>
  );
}
