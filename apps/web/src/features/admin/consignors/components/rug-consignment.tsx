import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Trans, useTranslation } from 'react-i18next';
import { paths } from '@/config/paths.ts';
import { useRugConsignments } from '../api/rug-consignments.ts';
import { useCan } from '../../shell/use-can.ts';

/**
 * Whose rug this is, on the staff rug page (issue 27 §1): the consignor and the receipt of its newest consignment,
 * or the house's own stock. Only for roles that read consignments; the public site never shows it.
 */
export function RugConsignment({ rugId }: { rugId: string }) {
  const { t } = useTranslation('admin');
  const { can } = useCan();
  const allowed = can('read', 'consignment');
  const found = useRugConsignments(rugId, allowed);
  if (!allowed) return null;
  if (found.isPending) return <Skeleton width="60%" data-testid="rug-consignment-loading" />;
  if (found.isError)
    return (
      <Typography variant="body2" color="error" data-testid="rug-consignment">
        {t('rugs.consignment.error')}
      </Typography>
    );
  const latest = found.data.data[0];
  return (
    <Typography variant="body2" data-testid="rug-consignment">
      {latest ? (
        <Trans
          t={t}
          i18nKey="rugs.consignment.by"
          values={{ name: latest.consignor.name, number: latest.number }}
          components={{
            consignor: <Link component={RouterLink} to={paths.adminConsignor.href(latest.consignor.id)} />,
            receipt: <Link component={RouterLink} to={paths.adminConsignment.href(latest.id)} />,
          }}
        />
      ) : (
        t('rugs.consignment.house')
      )}
    </Typography>
  );
}
