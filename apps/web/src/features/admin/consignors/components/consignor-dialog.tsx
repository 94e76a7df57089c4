import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { SUPPORTED_LANGUAGES } from '@knotwork/shared/constants/languages';
import { geoMessages } from '@knotwork/shared/schemas/geo';
import { CONSIGNOR_KINDS, type AdminConsignorDetail } from '@knotwork/shared/schemas/consignors-staff';
import { ApiError } from '@/lib/api-client.ts';
import { currentLanguage } from '@/lib/i18n.ts';
import { translateMessage } from '@/lib/messages.ts';
import { notify } from '@/lib/toast.ts';
import { useSaveConsignor } from '../api/save-consignor.ts';
import { consignorFormValues, toConsignorInput, type ConsignorFormValues } from '../lib/consignor-form.ts';
import type { FieldErrors } from '../lib/field-errors.ts';
import { adminMessage } from '../../shell/server-message.ts';
import { ConsignorAddressFields, useRegionRequired } from './consignor-address-fields.tsx';
import { PayoutFields } from './payout-fields.tsx';

/**
 * Add a consignor (no `consignor`) or edit one. `payoutOnly`: the accounts' form, the payout details and nothing
 * else (the server lets them change only those). Checked with the shared schema before it is sent; the server's
 * field errors land under the same fields.
 */
export function ConsignorDialog({
  consignor,
  payoutOnly = false,
  onClose,
  onSaved,
}: {
  consignor: AdminConsignorDetail | null;
  payoutOnly?: boolean;
  onClose: () => void;
  onSaved?: (saved: AdminConsignorDetail) => void;
}) {
  const { t } = useTranslation('admin-consignors');
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [v, setV] = useState<ConsignorFormValues>(() => consignorFormValues(consignor, currentLanguage()));
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSaveConsignor();
  const region = useRegionRequired(v.address.country);
  const set = (patch: Partial<ConsignorFormValues>) => setV((s) => ({ ...s, ...patch }));
  const err = (k: string) => adminMessage(errors[k]) || translateMessage(errors[k]) || undefined;

  const submit = () => {
    const input = toConsignorInput(v, consignor, payoutOnly);
    const found = 'errors' in input ? { ...input.errors } : {};
    // The region is required where the country lists them (the address book's rule).
    if (!payoutOnly && v.address.country && region.required && !v.address.state)
      found['address.state'] ??= geoMessages.stateRequired;
    if ('errors' in input || Object.keys(found).length) {
      setErrors(found);
      return;
    }
    save.mutate(
      { id: consignor?.id, body: input.data },
      {
        onSuccess: (res) => {
          notify.success(adminMessage(res.message));
          onSaved?.(res.data);
          onClose();
        },
        onError: (e) => {
          if (e instanceof ApiError) setErrors(e.fieldErrors);
          notify.error(adminMessage(e.message));
        },
      },
    );
  };

  const text = (k: 'name' | 'company' | 'email' | 'phone' | 'vatNumber' | 'userEmail', extra = {}) => (
    <TextField
      label={t(`form.${k}`)}
      value={v[k]}
      onChange={(e) => set({ [k]: e.target.value })}
      error={Boolean(err(k))}
      helperText={err(k) ?? (k === 'userEmail' ? t('form.userEmailHelp') : undefined)}
      fullWidth
      {...extra}
    />
  );

  const title = payoutOnly ? t('form.payoutTitle') : consignor ? t('form.editTitle') : t('form.newTitle');
  return (
    <Dialog
      open
      onClose={save.isPending ? undefined : onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="md"
      aria-labelledby="consignor-dialog-title"
    >
      <DialogTitle id="consignor-dialog-title">{title}</DialogTitle>
      <DialogContent dividers>
        <Box
          component="form"
          id="consignor-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
          sx={{ display: 'grid', gap: 5, pt: 1 }}
        >
          {!payoutOnly && (
            <>
              <Box sx={{ display: 'grid', gap: 4, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
                <ToggleButtonGroup
                  exclusive
                  size="small"
                  color="primary"
                  aria-label={t('form.kind')}
                  value={v.kind}
                  onChange={(_e, kind: ConsignorFormValues['kind'] | null) => kind && set({ kind })}
                  sx={{ gridColumn: '1 / -1' }}
                >
                  {CONSIGNOR_KINDS.map((k) => (
                    <ToggleButton key={k} value={k} sx={{ px: 4 }}>
                      {t(`kind.${k}`)}
                    </ToggleButton>
                  ))}
                </ToggleButtonGroup>
                {text('name', { required: true, autoFocus: !consignor })}
                {text('company')}
                {text('email', { type: 'email' })}
                {text('phone', { type: 'tel' })}
                <TextField
                  select
                  label={t('form.language')}
                  value={v.language}
                  onChange={(e) => set({ language: e.target.value as ConsignorFormValues['language'] })}
                  helperText={t('form.languageHelp')}
                >
                  {SUPPORTED_LANGUAGES.map((l) => (
                    <MenuItem key={l} value={l}>
                      {t(`languages.${l}`)}
                    </MenuItem>
                  ))}
                </TextField>
                {text('userEmail', { type: 'email' })}
              </Box>
              <Divider />
              <ConsignorAddressFields
                value={v.address}
                onChange={(address) => set({ address })}
                errors={errors}
              />
              <Divider />
              <Box
                sx={{
                  display: 'grid',
                  gap: 4,
                  gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
                  alignItems: 'start',
                }}
              >
                <FormControlLabel
                  control={
                    <Switch
                      checked={v.vatRegistered}
                      onChange={(e) => set({ vatRegistered: e.target.checked })}
                    />
                  }
                  label={t('form.vatRegistered')}
                />
                {v.vatRegistered && text('vatNumber', { required: true })}
              </Box>
              <Divider />
            </>
          )}
          <PayoutFields
            stored={consignor?.payout ?? null}
            replace={v.replacePayout}
            onReplace={(replacePayout) => set({ replacePayout })}
            value={v.payout}
            onChange={(payout) => set({ payout })}
            errors={errors}
          />
          {!payoutOnly && (
            <>
              <Divider />
              <TextField
                label={t('form.notes')}
                value={v.notes}
                onChange={(e) => set({ notes: e.target.value })}
                error={Boolean(err('notes'))}
                helperText={err('notes') ?? t('form.notesHelp')}
                multiline
                minRows={2}
                fullWidth
              />
            </>
          )}
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 6, py: 4 }}>
        <Button color="inherit" onClick={onClose} disabled={save.isPending}>
          {t('form.cancel')}
        </Button>
        <Button type="submit" form="consignor-form" variant="contained" disabled={save.isPending}>
          {consignor ? t('form.save') : t('form.create')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
