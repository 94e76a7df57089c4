import { useState } from 'react';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useSaveStrikes } from '../api/strike-settings.ts';
import { useCan } from '../../shell/use-can.ts';
import { HouseSettingsCard, SaveRow } from './settings-section.tsx';
import { useSaveSetting } from './use-save-setting.ts';

function StrikesForm({ initial }: { initial: number }) {
  const { t } = useTranslation('admin-settings');
  const manage = useCan().can('manage', 'settings');
  const [count, setCount] = useState(String(initial));
  const { save, errorAt, pending } = useSaveSetting(useSaveStrikes());
  const error = errorAt('blockAfter');
  return (
    <Box
      component="form"
      aria-label={t('strikes.title')}
      onSubmit={(e) => {
        e.preventDefault();
        save({ blockAfter: /^\d+$/.test(count.trim()) ? Number(count.trim()) : Number.NaN });
      }}
      sx={{ display: 'grid', gap: 3, maxWidth: 320 }}
    >
      <TextField
        size="small"
        label={t('strikes.label')}
        value={count}
        onChange={(e) => setCount(e.target.value)}
        required
        error={Boolean(error)}
        helperText={error || t('strikes.help')}
        slotProps={{ htmlInput: { inputMode: 'numeric', readOnly: !manage } }}
      />
      <SaveRow manage={manage} pending={pending} />
    </Box>
  );
}

/** Settings: after how many strikes (orders unpaid past their due date) a bidder's bidding is blocked. */
export function StrikesSection() {
  const { t } = useTranslation('admin-settings');
  return (
    <HouseSettingsCard id="settings-strikes" title={t('strikes.title')} intro={t('strikes.intro')}>
      {(s) => <StrikesForm key={s.strikes.blockAfter} initial={s.strikes.blockAfter} />}
    </HouseSettingsCard>
  );
}
