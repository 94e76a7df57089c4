import Chip, { type ChipProps } from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { PortalItemStatus } from '@knotwork/shared/schemas/consignor-portal';

const COLOURS: Record<PortalItemStatus, ChipProps['color']> = {
  received: 'default',
  cataloguing: 'default',
  in_sale: 'info',
  sold: 'primary',
  paid: 'success',
  settled: 'success',
  unsold: 'warning',
  returned: 'default',
  withdrawn: 'default',
  reoffered: 'default',
};

/** A consigned rug's status in words (never the code), coloured by how far along it is. */
export function ItemStatusChip({ status }: { status: PortalItemStatus }) {
  const { t } = useTranslation('consignor-portal');
  return (
    <Chip
      size="small"
      color={COLOURS[status]}
      variant={status === 'received' || status === 'cataloguing' ? 'outlined' : 'filled'}
      label={t(`status.${status}`)}
      data-testid="consignor-item-status"
      data-status={status}
    />
  );
}
