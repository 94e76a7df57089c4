import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { MONEY_TERMS, RATE_TERMS, type TermsValues } from '../lib/consignment-form.ts';
import type { FieldErrors } from '../lib/field-errors.ts';
import { adminMessage } from '../../shell/server-message.ts';
import { MoneyField } from './item-fields.tsx';
import { CommissionBands, PercentField } from './commission-fields.tsx';

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
        <CommissionBands
          bands={value.bands}
          onChange={(bands) => set({ bands })}
          error={(i, key) => err(`commission.bands.${i}.${key}`)}
          listError={err('commission.bands')}
          words={{
            help: t('terms.bandsHelp'),
            from: t('terms.bandFrom'),
            rate: t('terms.rate'),
            add: t('terms.addBand'),
            remove: (n) => t('terms.removeBand', { n }),
          }}
        />
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
