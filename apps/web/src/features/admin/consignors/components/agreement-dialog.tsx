import { useState } from 'react';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { adminConsignmentAgreementSchema } from '@knotwork/shared/schemas/consignors-staff';
import { useSetAgreement } from '../api/consignment-items.ts';
import { actionOutcome, StaffActionDialog } from '../../shell/staff-action-dialog.tsx';
import { adminMessage } from '../../shell/server-message.ts';

/** Record the agreement sent, or signed on paper (it then stays signed), with the version of its text. */
export function AgreementDialog({
  consignmentId,
  status,
  version,
  onClose,
}: {
  consignmentId: string;
  status: 'sent' | 'signed_on_paper';
  version: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin-consignors');
  const save = useSetAgreement(consignmentId);
  const [v, setV] = useState(version ?? '1');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const confirm = () => {
    const parsed = adminConsignmentAgreementSchema.safeParse({ status, version: v });
    if (!parsed.success) {
      setErrors({ version: parsed.error.issues[0]?.message ?? '' });
      return;
    }
    save.mutate(parsed.data, actionOutcome(adminMessage, setErrors, onClose));
  };
  return (
    <StaffActionDialog
      title={status === 'sent' ? t('agreement.markSent') : t('agreement.markSigned')}
      intro={status === 'sent' ? t('agreement.sentIntro') : t('agreement.signedIntro')}
      pending={save.isPending}
      confirmLabel={status === 'sent' ? t('agreement.markSent') : t('agreement.markSigned')}
      onConfirm={confirm}
      onClose={onClose}
    >
      <TextField
        label={t('agreement.version')}
        value={v}
        onChange={(e) => setV(e.target.value)}
        error={Boolean(errors.version)}
        helperText={adminMessage(errors.version) || t('agreement.versionHelp')}
        fullWidth
      />
    </StaffActionDialog>
  );
}
