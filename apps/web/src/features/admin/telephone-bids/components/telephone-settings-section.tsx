import { useState } from 'react';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TelephoneSettings } from '@knotwork/shared/schemas/telephone-bids';
import { MoneyField } from '../../consignors/components/item-fields.tsx';
import { centsToDollars, dollarsToCents } from '../../consignors/lib/field-errors.ts';
import { HouseSettingsCard, SaveRow } from '../../house-settings/components/settings-section.tsx';
import { useSaveSetting } from '../../house-settings/components/use-save-setting.ts';
import { useCan } from '../../shell/use-can.ts';
import { useSaveTelephoneSettings } from '../api/telephone-settings.ts';

function TelephoneForm({ initial }: { initial: TelephoneSettings }) {
  const { t } = useTranslation('admin-settings');
  const manage = useCan().can('manage', 'settings');
  const [minimum, setMinimum] = useState(centsToDollars(initial.minimumEstimateCents));
  const [lines, setLines] = useState(String(initial.linesPerLot));
  const { save, errorAt, pending } = useSaveSetting(useSaveTelephoneSettings());
  const linesError = errorAt('linesPerLot');
  return (
    <Box
      component="form"
      aria-label={t('telephone.title')}
      onSubmit={(e) => {
        e.preventDefault();
        save({
          minimumEstimateCents: dollarsToCents(minimum) ?? Number.NaN,
          linesPerLot: /^\d+$/.test(lines.trim()) ? Number(lines.trim()) : Number.NaN,
        });
      }}
      sx={{ display: 'grid', gap: 3, maxWidth: 420 }}
    >
      <Box>
        <MoneyField
          size="small"
          label={t('telephone.minimum')}
          value={minimum}
          onChange={setMinimum}
          error={errorAt('minimumEstimateCents')}
        />
        <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mt: 1, mx: 3.5 }}>
          {t('telephone.minimumHelp')}
        </Typography>
      </Box>
      <TextField
        size="small"
        label={t('telephone.lines')}
        value={lines}
        onChange={(e) => setLines(e.target.value)}
        required
        error={Boolean(linesError)}
        helperText={linesError || t('telephone.linesHelp')}
        slotProps={{ htmlInput: { inputMode: 'numeric', readOnly: !manage } }}
      />
      <SaveRow manage={manage} pending={pending} />
    </Box>
  );
}

/** Settings: telephone bids in live sales (decision 097), the lowest low estimate that takes lines and lines per lot. */
export function TelephoneSettingsSection() {
  const { t } = useTranslation('admin-settings');
  return (
    <HouseSettingsCard id="settings-telephone" title={t('telephone.title')} intro={t('telephone.intro')}>
      {(s) => (
        <TelephoneForm
          key={`${s.telephone.minimumEstimateCents}-${s.telephone.linesPerLot}`}
          initial={s.telephone}
        />
      )}
    </HouseSettingsCard>
  );
}
