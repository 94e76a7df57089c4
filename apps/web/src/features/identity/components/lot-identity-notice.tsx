import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths.ts';
import { formatMoney } from '@/lib/format-money.ts';
import { useLotIdentity } from '../api/identity-status.ts';

/**
 * The lot page's advance word (issue 28 §3): when the lot's low estimate would take the signed-in buyer to the
 * identity threshold and no check of theirs is approved, an identity check will be asked before payment. Nothing is
 * shown (or asked) for a visitor.
 */
export function LotIdentityNotice({ rugId }: { rugId: string }) {
  const { t } = useTranslation('payments');
  const status = useLotIdentity(rugId).data;
  if (!status?.required) return null;
  return (
    <Typography
      variant="body2"
      data-testid="lot-identity-notice"
      sx={{
        mt: 3,
        p: 3,
        border: 1,
        borderColor: 'warning.main',
        borderRadius: 1,
        bgcolor: 'background.subtle',
      }}
    >
      {t('identity.lotNotice', { threshold: formatMoney(status.thresholdCents, status.currency) })}{' '}
      <Link component={RouterLink} to={paths.identityCheck.href()} sx={{ fontWeight: 600 }}>
        {status.status === 'pending' ? t('identity.lotPending') : t('identity.lotAction')}
      </Link>
    </Typography>
  );
}
