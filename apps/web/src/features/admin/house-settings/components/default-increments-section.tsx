import { useState } from 'react';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { incrementTableProblem } from '@knotwork/shared/bidding/increments';
import type { IncrementTable } from '@knotwork/shared/bidding/types';
import { useSaveIncrements } from '../api/settings.ts';
import { useCan } from '../../shell/use-can.ts';
import {
  IncrementTableEditor,
  incrementRowsFrom,
  incrementTableFrom,
} from '../../sales/components/increment-table-editor.tsx';
import { HouseSettingsCard, SaveRow } from './settings-section.tsx';
import { useSaveSetting } from './use-save-setting.ts';

function IncrementsForm({ initial }: { initial: IncrementTable }) {
  const { t } = useTranslation('admin-settings');
  const manage = useCan().can('manage', 'settings');
  const [rows, setRows] = useState(() => incrementRowsFrom(initial));
  const { save, pending } = useSaveSetting(useSaveIncrements());
  return (
    <Box
      component="form"
      aria-label={t('increments.title')}
      onSubmit={(e) => {
        e.preventDefault();
        const table = incrementTableFrom(rows);
        // The editor already shows the problem under the rows.
        if (incrementTableProblem(table)) return;
        save({ increments: table });
      }}
      sx={{ display: 'grid', gap: 3, maxWidth: 560 }}
    >
      <IncrementTableEditor own rowsOnly rows={rows} disabled={!manage} onChange={(_own, r) => setRows(r)} />
      <SaveRow manage={manage} pending={pending} />
    </Box>
  );
}

/** Settings: the increment table a new sale starts with (the editor the sale dialog uses). */
export function DefaultIncrementsSection() {
  const { t } = useTranslation('admin-settings');
  return (
    <HouseSettingsCard id="settings-increments" title={t('increments.title')} intro={t('increments.intro')}>
      {(s) => (
        <IncrementsForm key={JSON.stringify(s.increments.increments)} initial={s.increments.increments} />
      )}
    </HouseSettingsCard>
  );
}
