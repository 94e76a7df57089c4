import { useState } from 'react';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useSaveBankTransfer } from '../api/settings.ts';
import { useCan } from '../../shell/use-can.ts';
import { HouseSettingsCard, SaveRow } from './settings-section.tsx';
import { useSaveSetting } from './use-save-setting.ts';

function BankTransferForm({ initial, initialLimit }: { initial: string; initialLimit: number }) {
  const { t } = useTranslation('admin-settings');
  const manage = useCan().can('manage', 'settings');
  const [text, setText] = useState(initial);
  const [limit, setLimit] = useState(String(initialLimit / 100));
  const { save, errorAt, pending } = useSaveSetting(useSaveBankTransfer());
  const error = errorAt('instructions');
  const limitError = errorAt('writeOffLimit');
  return (
    <Box
      component="form"
      aria-label={t('bank.title')}
      onSubmit={(e) => {
        e.preventDefault();
        save({ instructions: text, writeOffLimit: Math.round(Number(limit.replace(/[\s,]/g, '')) * 100) });
      }}
      sx={{ display: 'grid', gap: 3 }}
    >
      <TextField
        label={t('bank.label')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        multiline
        minRows={4}
        required
        error={Boolean(error)}
        helperText={error || undefined}
        slotProps={{ input: { readOnly: !manage } }}
      />
      {/* Decision 072: the most accounts staff may write off when a transfer arrives short. */}
      <TextField
        label={t('bank.writeOffLimit')}
        value={limit}
        onChange={(e) => setLimit(e.target.value)}
        error={Boolean(limitError)}
        helperText={limitError || t('bank.writeOffLimitHelp')}
        slotProps={{ input: { readOnly: !manage }, htmlInput: { inputMode: 'decimal' } }}
        sx={{ maxWidth: 280 }}
      />
      <SaveRow manage={manage} pending={pending} />
    </Box>
  );
}

/** Settings: what a buyer paying by bank transfer is told (BANK_TRANSFER_INSTRUCTIONS until changed here). */
export function BankTransferSection() {
  const { t } = useTranslation('admin-settings');
  return (
    <HouseSettingsCard id="settings-bank" title={t('bank.title')} intro={t('bank.intro')}>
      {(s) => (
        <BankTransferForm
          key={`${s.bankTransfer.instructions}|${s.bankTransfer.writeOffLimit}`}
          initial={s.bankTransfer.instructions}
          initialLimit={s.bankTransfer.writeOffLimit}
        />
      )}
    </HouseSettingsCard>
  );
}
