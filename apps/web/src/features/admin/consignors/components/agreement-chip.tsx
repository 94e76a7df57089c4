import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { AgreementStatus } from '@knotwork/shared/schemas/consignors-staff';

const colors: Record<AgreementStatus, 'default' | 'info' | 'success'> = {
  none: 'default',
  sent: 'info',
  accepted_online: 'success',
  signed_on_paper: 'success',
};

/** Where the consignment agreement stands, in words. */
export function AgreementChip({ status }: { status: AgreementStatus }) {
  const { t } = useTranslation('admin-consignors');
  return (
    <Chip size="small" variant="outlined" color={colors[status]} label={t(`agreement.status.${status}`)} />
  );
}
