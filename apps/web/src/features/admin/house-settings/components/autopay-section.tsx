import { useState } from 'react';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useTranslation } from 'react-i18next';
import { AUTOPAY_DELAYS, type AutopayDelayHours } from '@knotwork/shared/schemas/autopay';
import { useSaveAutopaySettings } from '../api/autopay-settings.ts';
import { useCan } from '../../shell/use-can.ts';
import { HouseSettingsCard, SaveRow } from './settings-section.tsx';
import { useSaveSetting } from './use-save-setting.ts';

function AutopayForm({ initial }: { initial: AutopayDelayHours }) {
  const { t } = useTranslation('admin-settings');
  const manage = useCan().can('manage', 'settings');
  const [delay, setDelay] = useState<AutopayDelayHours>(initial);
  const { save, errorAt, pending } = useSaveSetting(useSaveAutopaySettings());
  const error = errorAt('delayHours');
  return (
    <Box
      component="form"
      aria-label={t('autopay.title')}
      onSubmit={(e) => {
        e.preventDefault();
        save({ delayHours: delay });
      }}
      sx={{ display: 'grid', gap: 3, maxWidth: 420 }}
    >
      {/* Radios disabled one by one, not the whole control: a disabled FormControl greys its label and help
          text below the contrast minimum, and accounts staff still need to read them. */}
      <FormControl error={Boolean(error)}>
        <FormLabel id="autopay-delay-label">{t('autopay.label')}</FormLabel>
        <RadioGroup
          aria-labelledby="autopay-delay-label"
          value={String(delay)}
          onChange={(e) => setDelay(Number(e.target.value) as AutopayDelayHours)}
        >
          {AUTOPAY_DELAYS.map((hours) => (
            <FormControlLabel
              key={hours}
              value={String(hours)}
              control={<Radio size="small" disabled={!manage} />}
              label={t(`autopay.delay${hours}`)}
              data-testid={`autopay-delay-${hours}`}
            />
          ))}
        </RadioGroup>
        <FormHelperText>{error || t('autopay.help')}</FormHelperText>
      </FormControl>
      <SaveRow manage={manage} pending={pending} />
    </Box>
  );
}

/** Settings: how long after the invoice a buyer's saved card is charged when they chose autopay (decision 096). */
export function AutopaySection() {
  const { t } = useTranslation('admin-settings');
  return (
    <HouseSettingsCard id="settings-autopay" title={t('autopay.title')} intro={t('autopay.intro')}>
      {(s) => <AutopayForm key={s.autopay.delayHours} initial={s.autopay.delayHours} />}
    </HouseSettingsCard>
  );
}
