import { useState } from 'react';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { adminRegistrationCreateSchema } from '@knotwork/shared/schemas/registrations-staff';
import { issuesToErrors, type FieldErrors } from '../../consignors/lib/field-errors.ts';
import { adminMessage } from '../../shell/server-message.ts';
import { actionOutcome, StaffActionDialog } from '../../shell/staff-action-dialog.tsx';
import { useRegisterBidder } from '../api/register-bidder.ts';

/**
 * Register a bidder who has an account, at the front desk or on the phone: their e-mail, a phone the house can call
 * during the sale, and the paddle handed over (blank: the sale's next number). Approved at once; the bidder is told.
 */
export function RegisterBidderDialog({ saleId, onClose }: { saleId: string; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const register = useRegisterBidder(saleId);
  const [v, setV] = useState({ email: '', phone: '', paddle: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const err = (k: string) => adminMessage(errors[k]) || undefined;
  const set = (patch: Partial<typeof v>) => setV((old) => ({ ...old, ...patch }));

  const confirm = () => {
    const parsed = adminRegistrationCreateSchema.safeParse({
      email: v.email,
      phone: v.phone,
      // Blank is "the next number"; anything typed goes to the schema to judge ("12a" is not a paddle).
      paddle: v.paddle.trim() === '' ? null : Number(v.paddle.trim()),
    });
    if (!parsed.success) return setErrors(issuesToErrors(parsed.error));
    setErrors({});
    register.mutate(parsed.data, actionOutcome(adminMessage, setErrors, onClose));
  };

  return (
    <StaffActionDialog
      title={t('registrations.registerTitle')}
      intro={t('registrations.registerIntro')}
      pending={register.isPending}
      confirmLabel={t('registrations.confirm')}
      confirmTestId="register-bidder-confirm"
      onConfirm={confirm}
      onClose={onClose}
    >
      <TextField
        label={t('registrations.email')}
        type="email"
        autoComplete="off"
        value={v.email}
        onChange={(e) => set({ email: e.target.value })}
        error={Boolean(errors.email)}
        helperText={err('email')}
        autoFocus
        fullWidth
      />
      <TextField
        label={t('registrations.phone')}
        type="tel"
        value={v.phone}
        onChange={(e) => set({ phone: e.target.value })}
        error={Boolean(errors.phone)}
        helperText={err('phone')}
        slotProps={{ htmlInput: { dir: 'ltr' } }}
        fullWidth
      />
      <TextField
        label={t('registrations.paddleField')}
        inputMode="numeric"
        value={v.paddle}
        onChange={(e) => set({ paddle: e.target.value })}
        error={Boolean(errors.paddle)}
        helperText={err('paddle') ?? t('registrations.paddleHelp')}
        slotProps={{ htmlInput: { inputMode: 'numeric', dir: 'ltr' } }}
        fullWidth
      />
    </StaffActionDialog>
  );
}
