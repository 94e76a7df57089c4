import { useState } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import { useTranslation } from 'react-i18next';
import type { RegistrationSettings } from '@knotwork/shared/schemas/house-settings-staff';
import { useSaveRegistration } from '../api/settings.ts';
import { useCan } from '../../shell/use-can.ts';
import { HouseSettingsCard, SaveRow } from './settings-section.tsx';
import { useSaveSetting } from './use-save-setting.ts';

const RULES = ['emailVerified', 'cardOnFile', 'address', 'noStrikes', 'paidBefore'] as const;

function RegistrationForm({ initial }: { initial: RegistrationSettings }) {
  const { t } = useTranslation('admin-settings');
  const manage = useCan().can('manage', 'settings');
  const [rules, setRules] = useState(initial);
  const { save, pending } = useSaveSetting(useSaveRegistration());
  return (
    <Box
      component="form"
      aria-label={t('registration.title')}
      onSubmit={(e) => {
        e.preventDefault();
        save(rules);
      }}
      sx={{ display: 'grid', gap: 3 }}
    >
      <FormGroup>
        {RULES.map((rule) => (
          <FormControlLabel
            key={rule}
            control={
              <Checkbox
                checked={rules[rule]}
                disabled={!manage}
                onChange={(e) => setRules((r) => ({ ...r, [rule]: e.target.checked }))}
              />
            }
            label={t(`registration.rules.${rule}`)}
          />
        ))}
      </FormGroup>
      <SaveRow manage={manage} pending={pending} />
    </Box>
  );
}

/** Settings: which registrations to bid the house approves at once; the others wait in the sale's queue. */
export function RegistrationSection() {
  const { t } = useTranslation('admin-settings');
  return (
    <HouseSettingsCard
      id="settings-registration"
      title={t('registration.title')}
      intro={t('registration.intro')}
    >
      {(s) => <RegistrationForm key={JSON.stringify(s.registration)} initial={s.registration} />}
    </HouseSettingsCard>
  );
}
