import { useState } from 'react';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useSaveConditionReports } from '../api/condition-report-settings.ts';
import { useCan } from '../../shell/use-can.ts';
import { HouseSettingsCard, SaveRow } from './settings-section.tsx';
import { useSaveSetting } from './use-save-setting.ts';

function PromiseForm({ initial }: { initial: number }) {
  const { t } = useTranslation('admin-settings');
  const manage = useCan().can('manage', 'settings');
  const [hours, setHours] = useState(String(initial));
  const { save, errorAt, pending } = useSaveSetting(useSaveConditionReports());
  const error = errorAt('promiseHours');
  return (
    <Box
      component="form"
      aria-label={t('conditionReports.title')}
      onSubmit={(e) => {
        e.preventDefault();
        save({ promiseHours: /^\d+$/.test(hours.trim()) ? Number(hours.trim()) : Number.NaN });
      }}
      sx={{ display: 'grid', gap: 3, maxWidth: 320 }}
    >
      <TextField
        size="small"
        label={t('conditionReports.label')}
        value={hours}
        onChange={(e) => setHours(e.target.value)}
        required
        error={Boolean(error)}
        helperText={error || t('conditionReports.help')}
        slotProps={{
          htmlInput: { inputMode: 'numeric', readOnly: !manage, 'data-testid': 'condition-promise' },
        }}
      />
      <SaveRow manage={manage} pending={pending} />
    </Box>
  );
}

/** Settings: the hours within which the house promises to answer a condition report request (decision 095). */
export function ConditionReportsSection() {
  const { t } = useTranslation('admin-settings');
  return (
    <HouseSettingsCard
      id="settings-condition-reports"
      title={t('conditionReports.title')}
      intro={t('conditionReports.intro')}
    >
      {(s) => <PromiseForm key={s.conditionReports.promiseHours} initial={s.conditionReports.promiseHours} />}
    </HouseSettingsCard>
  );
}
