import { useState } from 'react';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useSavePremium } from '../api/settings.ts';
import { useCan } from '../../shell/use-can.ts';
import { HouseSettingsCard, SaveRow } from './settings-section.tsx';
import { useSaveSetting } from './use-save-setting.ts';

function PremiumForm({ initial }: { initial: number }) {
  const { t } = useTranslation('admin-settings');
  const manage = useCan().can('manage', 'settings');
  const [pct, setPct] = useState(String(initial));
  const { save, errorAt, pending } = useSaveSetting(useSavePremium());
  const error = errorAt('buyersPremiumPct');
  return (
    <Box
      component="form"
      aria-label={t('premium.title')}
      onSubmit={(e) => {
        e.preventDefault();
        save({ buyersPremiumPct: pct.trim() === '' ? Number.NaN : Number(pct.replace(',', '.')) });
      }}
      sx={{ display: 'grid', gap: 3, maxWidth: 320 }}
    >
      <TextField
        size="small"
        label={t('premium.label')}
        value={pct}
        onChange={(e) => setPct(e.target.value)}
        required
        error={Boolean(error)}
        helperText={error || undefined}
        slotProps={{ htmlInput: { inputMode: 'decimal', readOnly: !manage } }}
      />
      <SaveRow manage={manage} pending={pending} />
    </Box>
  );
}

/** Settings: the buyer's premium a new sale starts with. */
export function DefaultPremiumSection() {
  const { t } = useTranslation('admin-settings');
  return (
    <HouseSettingsCard id="settings-premium" title={t('premium.title')} intro={t('premium.intro')}>
      {(s) => <PremiumForm key={s.premium.buyersPremiumPct} initial={s.premium.buyersPremiumPct} />}
    </HouseSettingsCard>
  );
}
