import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { AdminPayoutBatchSummary } from '@knotwork/shared/schemas/settlements-staff';

const COLORS = { created: 'default', exported: 'info', paid: 'success', cancelled: 'default' } as const;

/** A batch's status in words: created, file downloaded, paid, cancelled. */
export function BatchStatusChip({ status }: { status: AdminPayoutBatchSummary['status'] }) {
  const { t } = useTranslation('admin-settlements');
  return (
    <Chip
      size="small"
      color={COLORS[status]}
      variant={status === 'paid' ? 'filled' : 'outlined'}
      label={t(`batchStatus.${status}`)}
      data-testid="batch-status"
      data-status={status}
    />
  );
}
