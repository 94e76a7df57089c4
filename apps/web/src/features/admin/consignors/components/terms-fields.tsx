import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { useTranslation } from 'react-i18next';
import { MONEY_TERMS, RATE_TERMS, type TermsValues } from '../lib/consignment-form.ts';
import type { FieldErrors } from '../lib/field-errors.ts';
import { adminMessage } from '../../shell/server-message.ts';
import { MoneyField } from './item-fields.tsx';

function PercentField({
  label,
  value,
  onChange,
  error,
  placeholder,
  size,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  placeholder?: string;
  size?: 'small' | 'medium';
}) {
  return (
    <TextField
      label={label}
      value={value}
      size={size}
      placeholder={placeholder}
      onChange={(e) => onChange(e.target.value)}
      error={Boolean(error)}
      helperText={error}
      slotProps={{
        htmlInput: { inputMode: 'decimal', dir: 'ltr' },
        input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
        inputLabel: placeholder ? { shrink: true } : undefined,
      }}
      fullWidth
    />
  );
}

/**
 * This receipt's terms over the house's: every field left empty keeps the house's default (shown as the
 * placeholder). Commission flat or on a sliding scale of marginal bands (decision 085), rates in percent, money in
 * dollars; the shared terms schema checks the result.
 */
export function TermsFields({
  value,
  onChange,
  errors,
}: {
  value: TermsValues;
  onChange: (next: TermsValues) => void;
  errors: FieldErrors;
}) {
  const { t } = useTranslation('admin-consignors');
  const set = (patch: Partial<TermsValues>) => onChange({ ...value, ...patch });
  const err = (path: string) => adminMessage(errors[`termsOverride.${path}`]) || undefined;
  const house = t('terms.houseDefault');
  const setBand = (i: number, patch: Partial<TermsValues['bands'][number]>) =>
    set({ bands: value.bands.map((b, j) => (j === i ? { ...b, ...patch } : b)) });
  return (
    <Box sx={{ display: 'grid', gap: 4 }}>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          select
          label={t('terms.commission')}
          value={value.commission}
          onChange={(e) => set({ commission: e.target.value as TermsValues['commission'] })}
        >
          <MenuItem value="house">{house}</MenuItem>
          <MenuItem value="flat">{t('terms.flat')}</MenuItem>
          <MenuItem value="sliding">{t('terms.sliding')}</MenuItem>
        </TextField>
        {value.commission === 'flat' && (
          <PercentField
            label={t('terms.rate')}
            value={value.flatRate}
            onChange={(flatRate) => set({ flatRate })}
            error={err('commission.rateBps')}
          />
        )}
      </Box>
      {value.commission === 'sliding' && (
        <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, display: 'grid', gap: 2, minWidth: 0 }}>
          <Typography component="legend" variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
            {t('terms.bandsHelp')}
          </Typography>
          {value.bands.map((b, i) => (
            <Box
              key={i}
              sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr) auto' }}
            >
              <MoneyField
                size="small"
                label={t('terms.bandFrom')}
                value={b.from}
                onChange={(from) => setBand(i, { from })}
                error={err(`commission.bands.${i}.fromCents`)}
              />
              <PercentField
                size="small"
                label={t('terms.rate')}
                value={b.rate}
                onChange={(rate) => setBand(i, { rate })}
                error={err(`commission.bands.${i}.rateBps`)}
              />
              <IconButton
                aria-label={t('terms.removeBand', { n: i + 1 })}
                disabled={value.bands.length === 1}
                onClick={() => set({ bands: value.bands.filter((_, j) => j !== i) })}
              >
                <DeleteOutline />
              </IconButton>
            </Box>
          ))}
          {err('commission.bands') && (
            <Typography variant="caption" sx={{ color: 'error.main' }}>
              {err('commission.bands')}
            </Typography>
          )}
          <Box>
            <Button
              size="small"
              startIcon={<Add />}
              disabled={value.bands.length >= 10}
              onClick={() => set({ bands: [...value.bands, { from: '', rate: '' }] })}
            >
              {t('terms.addBand')}
            </Button>
          </Box>
        </Box>
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, minmax(0, 1fr))' },
        }}
      >
        {(Object.keys(MONEY_TERMS) as (keyof typeof MONEY_TERMS)[]).map((k) => (
          <MoneyField
            key={k}
            label={t(`terms.${k}`)}
            value={value[k]}
            placeholder={k === 'advance' ? t('terms.noAdvance') : house}
            onChange={(v) => set({ [k]: v })}
            error={err(MONEY_TERMS[k])}
          />
        ))}
        {(Object.keys(RATE_TERMS) as (keyof typeof RATE_TERMS)[]).map((k) => (
          <PercentField
            key={k}
            label={t(`terms.${k}`)}
            value={value[k]}
            placeholder={house}
            onChange={(v) => set({ [k]: v })}
            error={err(RATE_TERMS[k])}
          />
        ))}
        <TextField
          select
          label={t('terms.vatOnCommissionAndFees')}
          value={value.vatOnCommissionAndFees}
          onChange={(e) =>
            set({ vatOnCommissionAndFees: e.target.value as TermsValues['vatOnCommissionAndFees'] })
          }
        >
          <MenuItem value="house">{house}</MenuItem>
          <MenuItem value="yes">{t('terms.yes')}</MenuItem>
          <MenuItem value="no">{t('terms.no')}</MenuItem>
        </TextField>
      </Box>
    </Box>
  );
}
