import { useState } from 'react';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { IdentitySettings } from '@knotwork/shared/schemas/house-settings-staff';
import { useSaveIdentitySettings } from '../api/identity-settings.ts';
import { useCan } from '../../shell/use-can.ts';
import { HouseSettingsCard, SaveRow } from './settings-section.tsx';
import { useSaveSetting } from './use-save-setting.ts';

const whole = (v: string) => (/^\d+$/.test(v.trim()) ? Number(v.trim()) : Number.NaN);

function IdentityForm({ initial }: { initial: IdentitySettings }) {
  const { t } = useTranslation('admin-settings');
  const manage = useCan().can('manage', 'settings');
  const [enabled, setEnabled] = useState(initial.enabled);
  // The threshold is typed in whole units of its currency and sent in cents.
  const [threshold, setThreshold] = useState(String(initial.thresholdCents / 100));
  const [currency, setCurrency] = useState(initial.currency);
  const [period, setPeriod] = useState(String(initial.periodMonths));
  const [retention, setRetention] = useState(String(initial.retentionMonths));
  const { save, errorAt, pending } = useSaveSetting(useSaveIdentitySettings());
  const field = (path: keyof IdentitySettings, help: string) => ({
    error: Boolean(errorAt(path)),
    helperText: errorAt(path) || help,
  });
  return (
    <Box
      component="form"
      aria-label={t('identity.title')}
      onSubmit={(e) => {
        e.preventDefault();
        const units = whole(threshold);
        save({
          enabled,
          thresholdCents: Number.isNaN(units) ? units : units * 100,
          currency: currency.trim().toUpperCase(),
          periodMonths: whole(period),
          retentionMonths: whole(retention),
        });
      }}
      sx={{ display: 'grid', gap: 3, maxWidth: 480 }}
    >
      <FormControlLabel
        control={
          <Switch checked={enabled} onChange={(e) => setEnabled(e.target.checked)} disabled={!manage} />
        }
        label={t('identity.enabled')}
      />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' } }}>
        <TextField
          size="small"
          label={t('identity.threshold')}
          value={threshold}
          onChange={(e) => setThreshold(e.target.value)}
          required
          {...field('thresholdCents', t('identity.thresholdHelp'))}
          slotProps={{ htmlInput: { inputMode: 'numeric', readOnly: !manage } }}
        />
        <TextField
          size="small"
          label={t('identity.currency')}
          value={currency}
          onChange={(e) => setCurrency(e.target.value)}
          required
          {...field('currency', t('identity.currencyHelp'))}
          slotProps={{
            htmlInput: { maxLength: 3, readOnly: !manage, style: { textTransform: 'uppercase' } },
          }}
        />
      </Box>
      <TextField
        size="small"
        label={t('identity.period')}
        value={period}
        onChange={(e) => setPeriod(e.target.value)}
        required
        {...field('periodMonths', t('identity.periodHelp'))}
        slotProps={{ htmlInput: { inputMode: 'numeric', readOnly: !manage } }}
      />
      <TextField
        size="small"
        label={t('identity.retention')}
        value={retention}
        onChange={(e) => setRetention(e.target.value)}
        required
        {...field('retentionMonths', t('identity.retentionHelp'))}
        slotProps={{ htmlInput: { inputMode: 'numeric', readOnly: !manage } }}
      />
      <SaveRow manage={manage} pending={pending} />
    </Box>
  );
}

/** Settings: the identity check above a threshold of purchases, and how long documents are kept (decision 093). */
export function IdentitySection() {
  const { t } = useTranslation('admin-settings');
  return (
    <HouseSettingsCard id="settings-identity" title={t('identity.title')} intro={t('identity.intro')}>
      {(s) => <IdentityForm key={JSON.stringify(s.identity)} initial={s.identity} />}
    </HouseSettingsCard>
  );
}
