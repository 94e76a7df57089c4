import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths.ts';
import { formatMoney } from '@/lib/format-money.ts';
import { useCan } from '../../shell/use-can.ts';
import { useUserIdentity } from '../api/identity-checks.ts';
import { IdentityCheckCard } from './identity-check-card.tsx';

/**
 * The bidder page's identity section (decision 093): their purchases against the threshold, whether checkout waits,
 * and their checks. Admins only: other roles see nothing (and ask nothing).
 */
export function BidderIdentity({ userId }: { userId: string }) {
  const { t } = useTranslation('admin-house');
  const { can } = useCan();
  const allowed = can('read', 'identity');
  const identity = useUserIdentity(userId, allowed);
  if (!allowed) return null;
  const data = identity.data;
  const s = data?.status;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="bidder-identity-title"
      sx={{ p: { xs: 4, md: 6 } }}
    >
      <Typography variant="h6" component="h2" id="bidder-identity-title" sx={{ mb: 2 }}>
        {t('identity.bidderTitle')}
      </Typography>
      {identity.isError ? (
        <Typography color="error">{t('identity.loadError')}</Typography>
      ) : !s || !data ? (
        <Typography sx={{ color: 'text.secondary' }}>{t('identity.loading')}</Typography>
      ) : (
        <>
          <Typography variant="body2" data-testid="bidder-identity-standing">
            {s.approved
              ? t('identity.standing.approved')
              : s.status === 'pending'
                ? t('identity.standing.pending')
                : s.required
                  ? t('identity.standing.required')
                  : t('identity.standing.notRequired')}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 3 }}>
            {t('identity.totals', {
              total: formatMoney(s.totalCents, s.currency),
              threshold: formatMoney(s.thresholdCents, s.currency),
              months: s.periodMonths,
            })}
          </Typography>
          {data.checks.length > 0 && (
            <Box component="ul" sx={{ m: 0, p: 0, display: 'grid', gap: 2 }}>
              {data.checks.slice(0, 3).map((c) => (
                <IdentityCheckCard key={c.id} check={c} showBuyer={false} />
              ))}
            </Box>
          )}
          <Button component={RouterLink} to={paths.adminIdentityChecks.href()} size="small" sx={{ mt: 2 }}>
            {t('identity.toQueue')}
          </Button>
        </>
      )}
    </Paper>
  );
}
