import { useState } from 'react';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { adminConsignorIdentityCheckSchema } from '@knotwork/shared/schemas/consignors-staff';
import { useCheckIdentity } from '../api/check-identity.ts';
import { actionOutcome, StaffActionDialog } from '../../shell/staff-action-dialog.tsx';
import { adminMessage } from '../../shell/server-message.ts';

/** Record that the consignor's identity document was seen: which document, never its number (decision 086). */
export function IdentityCheckDialog({ consignorId, onClose }: { consignorId: string; onClose: () => void }) {
  const { t } = useTranslation('admin-consignors');
  const check = useCheckIdentity(consignorId);
  const [document, setDocument] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const confirm = () => {
    const parsed = adminConsignorIdentityCheckSchema.safeParse({ document });
    if (!parsed.success) {
      setErrors({ document: parsed.error.issues[0]?.message ?? '' });
      return;
    }
    check.mutate(parsed.data.document, actionOutcome(adminMessage, setErrors, onClose));
  };
  return (
    <StaffActionDialog
      title={t('identity.title')}
      intro={t('identity.intro')}
      pending={check.isPending}
      confirmLabel={t('identity.confirm')}
      onConfirm={confirm}
      onClose={onClose}
    >
      <TextField
        autoFocus
        label={t('identity.document')}
        placeholder={t('identity.placeholder')}
        value={document}
        onChange={(e) => setDocument(e.target.value)}
        error={Boolean(errors.document)}
        helperText={adminMessage(errors.document) || t('identity.help')}
        fullWidth
      />
    </StaffActionDialog>
  );
}
