import { useState } from 'react';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { HouseIdentitySettings } from '@knotwork/shared/schemas/house-settings-staff';
import { useSaveHouse } from '../api/settings.ts';
import { useCan } from '../../shell/use-can.ts';
import { HouseSettingsCard, SaveRow } from './settings-section.tsx';
import { useSaveSetting } from './use-save-setting.ts';

function HouseForm({ initial }: { initial: HouseIdentitySettings }) {
  const { t } = useTranslation('admin-settings');
  const manage = useCan().can('manage', 'settings');
  const [value, setValue] = useState(initial);
  const { save, errorAt, pending } = useSaveSetting(useSaveHouse());
  const field = (name: keyof HouseIdentitySettings) => ({
    value: value[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setValue((v) => ({ ...v, [name]: e.target.value })),
    error: Boolean(errorAt(name)),
    slotProps: { input: { readOnly: !manage } },
  });
  return (
    <Box
      component="form"
      aria-label={t('house.title')}
      onSubmit={(e) => {
        e.preventDefault();
        save(value);
      }}
      sx={{ display: 'grid', gap: 3 }}
    >
      <TextField
        label={t('house.name')}
        required
        {...field('name')}
        helperText={errorAt('name') || undefined}
      />
      <TextField
        label={t('house.address')}
        multiline
        minRows={3}
        {...field('address')}
        helperText={errorAt('address') || t('house.addressHelp')}
      />
      <TextField
        label={t('house.taxNumber')}
        {...field('taxNumber')}
        helperText={errorAt('taxNumber') || undefined}
      />
      <SaveRow manage={manage} pending={pending} />
    </Box>
  );
}

/** Settings: the house's name, address and tax number on invoices and packing slips (decision 073). */
export function HouseSection() {
  const { t } = useTranslation('admin-settings');
  return (
    <HouseSettingsCard id="settings-house" title={t('house.title')} intro={t('house.intro')}>
      {(s) => <HouseForm key={JSON.stringify(s.house)} initial={s.house} />}
    </HouseSettingsCard>
  );
}
