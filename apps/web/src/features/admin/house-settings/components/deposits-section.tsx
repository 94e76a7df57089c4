import { useState } from 'react';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { DepositSettings } from '@knotwork/shared/schemas/deposits';
import { useSaveDepositSettings } from '../api/deposit-settings.ts';
import { useCan } from '../../shell/use-can.ts';
import { MoneyField } from '../../consignors/components/item-fields.tsx';
import { centsToDollars, dollarsToCents } from '../../consignors/lib/field-errors.ts';
import { HouseSettingsCard, SaveRow } from './settings-section.tsx';
import { useSaveSetting } from './use-save-setting.ts';

function DepositsForm({ initial }: { initial: DepositSettings }) {
  const { t } = useTranslation('admin');
  const manage = useCan().can('manage', 'settings');
  const [multiple, setMultiple] = useState(String(initial.limitMultiple));
  const [threshold, setThreshold] = useState(centsToDollars(initial.lotDepositFromEstimateCents));
  const { save, errorAt, pending } = useSaveSetting(useSaveDepositSettings());
  const multipleError = errorAt('limitMultiple');
  return (
    <Box
      component="form"
      aria-label={t('deposits.settingsTitle')}
      onSubmit={(e) => {
        e.preventDefault();
        save({
          limitMultiple: /^\d+$/.test(multiple.trim()) ? Number(multiple.trim()) : Number.NaN,
          lotDepositFromEstimateCents:
            threshold.trim() === '' ? null : (dollarsToCents(threshold) ?? Number.NaN),
        });
      }}
      sx={{ display: 'grid', gap: 3, maxWidth: 420 }}
    >
      <TextField
        size="small"
        label={t('deposits.multiple')}
        value={multiple}
        onChange={(e) => setMultiple(e.target.value)}
        required
        error={Boolean(multipleError)}
        helperText={multipleError || t('deposits.multipleHelp')}
        slotProps={{ htmlInput: { inputMode: 'numeric', readOnly: !manage } }}
      />
      <Box>
        <MoneyField
          size="small"
          label={t('deposits.threshold')}
          value={threshold}
          onChange={setThreshold}
          error={errorAt('lotDepositFromEstimateCents')}
        />
        <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mt: 1, mx: 3.5 }}>
          {t('deposits.thresholdHelp')}
        </Typography>
      </Box>
      <SaveRow manage={manage} pending={pending} />
    </Box>
  );
}

/** Settings: the bidding limit a deposit gives (its multiple) and the lot estimate from which a deposit is asked. */
export function DepositsSection() {
  const { t } = useTranslation('admin');
  return (
    <HouseSettingsCard
      id="settings-deposits"
      title={t('deposits.settingsTitle')}
      intro={t('deposits.settingsIntro')}
    >
      {(s) => (
        <DepositsForm
          key={`${s.deposits.limitMultiple}-${s.deposits.lotDepositFromEstimateCents}`}
          initial={s.deposits}
        />
      )}
    </HouseSettingsCard>
  );
}
