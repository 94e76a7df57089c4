import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PAYOUT_METHODS, type AdminConsignor } from '@knotwork/shared/schemas/consignors-staff';
import type { PayoutValues } from '../lib/consignor-form.ts';
import type { FieldErrors } from '../lib/field-errors.ts';
import { adminMessage } from '../../shell/server-message.ts';
import { MaskedPayout } from './masked-payout.tsx';

/**
 * How the consignor is paid. Stored details are only ever shown masked; staff replace them by typing new ones,
 * checked as they would be by the server (IBAN checksum, BIC, ABA routing: the shared schema).
 */
export function PayoutFields({
  stored,
  replace,
  onReplace,
  value,
  onChange,
  errors,
}: {
  /** The consignor's current payout (masked), when editing. */
  stored: AdminConsignor['payout'] | null;
  replace: boolean;
  onReplace: (replace: boolean) => void;
  value: PayoutValues;
  onChange: (next: PayoutValues) => void;
  errors: FieldErrors;
}) {
  const { t } = useTranslation('admin-consignors');
  const set = (patch: Partial<PayoutValues>) => onChange({ ...value, ...patch });
  const err = (k: string) => adminMessage(errors[`payout.${k}`]) || undefined;
  const text = (k: keyof PayoutValues, extra: Record<string, unknown> = {}) => (
    <TextField
      label={t(`payout.${k}`)}
      value={value[k]}
      onChange={(e) => set({ [k]: e.target.value })}
      error={Boolean(err(k))}
      helperText={err(k)}
      fullWidth
      slotProps={{ htmlInput: { autoComplete: 'off', spellCheck: false, dir: 'ltr', ...extra } }}
    />
  );
  const hasStored = Boolean(stored && stored.method !== 'none');
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 3, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 2 }}>
        {t('payout.title')}
      </Typography>
      {hasStored && stored && (
        <Box
          sx={{
            display: 'flex',
            gap: 3,
            alignItems: 'center',
            justifyContent: 'space-between',
            flexWrap: 'wrap',
            p: 3,
            borderRadius: '10px',
            bgcolor: 'background.subtle',
          }}
        >
          <MaskedPayout payout={stored} />
          <Button size="small" onClick={() => onReplace(!replace)}>
            {replace ? t('payout.keep') : t('payout.replace')}
          </Button>
        </Box>
      )}
      {(replace || !hasStored) && (
        <>
          <RadioGroup
            row
            aria-label={t('payout.method')}
            value={value.method}
            onChange={(e) => set({ method: e.target.value as PayoutValues['method'] })}
          >
            {PAYOUT_METHODS.map((m) => (
              <FormControlLabel key={m} value={m} control={<Radio />} label={t(`payout.methods.${m}`)} />
            ))}
          </RadioGroup>
          {hasStored && value.method === 'none' && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('payout.removeHelp')}
            </Typography>
          )}
          {value.method !== 'none' && text('holder', { autoComplete: 'off', dir: undefined })}
          {value.method === 'iban' && (
            <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' } }}>
              {text('iban')}
              {text('bic')}
            </Box>
          )}
          {value.method === 'us_account' && (
            <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              {text('routingNumber', { inputMode: 'numeric' })}
              {text('accountNumber', { inputMode: 'numeric' })}
              <TextField
                select
                label={t('payout.accountType')}
                value={value.accountType}
                onChange={(e) => set({ accountType: e.target.value as PayoutValues['accountType'] })}
                error={Boolean(err('accountType'))}
                helperText={err('accountType')}
              >
                <MenuItem value="checking">{t('payout.accountTypes.checking')}</MenuItem>
                <MenuItem value="savings">{t('payout.accountTypes.savings')}</MenuItem>
              </TextField>
            </Box>
          )}
          {value.method === 'stripe_connect' && (
            <TextField
              label={t('payout.accountId')}
              value={value.accountId}
              onChange={(e) => set({ accountId: e.target.value })}
              error={Boolean(err('accountId'))}
              helperText={err('accountId') || t('payout.accountIdHelp')}
              fullWidth
              slotProps={{
                htmlInput: { autoComplete: 'off', spellCheck: false, dir: 'ltr', placeholder: 'acct_…' },
              }}
            />
          )}
          {value.method !== 'none' && (
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {t('payout.encrypted')}
            </Typography>
          )}
        </>
      )}
    </Box>
  );
}
