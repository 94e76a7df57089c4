import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths.ts';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { formatDate } from '@/lib/format.ts';
import { formatMoney } from '@/lib/format-money.ts';
import { notify } from '@/lib/toast.ts';
import { useBidderStrikes, useClearStrike, type AdminStrikes } from '../api/strikes.ts';
import { adminMessage } from '../../shell/server-message.ts';
import { useCan } from '../../shell/use-can.ts';

type Strike = AdminStrikes['strikes'][number];

/** The state column sits at the row's end beside the order, and under it (at the start) on a phone. */
const endOnWide = { xs: 'start', sm: 'end' } as const;

/** How a strike stands, in words: active, cleared when paid, or cleared by a named member of staff and why. */
function StrikeState({ strike }: { strike: Strike }) {
  const { t } = useTranslation('admin');
  const c = strike.cleared;
  if (!c) return <Chip size="small" color="error" variant="outlined" label={t('strikes.active')} />;
  const day = formatDate(c.at);
  return (
    <Box sx={{ display: 'grid', gap: 1, justifyItems: endOnWide }}>
      <Chip size="small" variant="outlined" label={t('strikes.cleared')} />
      <Typography
        variant="caption"
        sx={{ color: 'text.secondary', overflowWrap: 'anywhere', textAlign: endOnWide }}
      >
        {c.cause === 'paid'
          ? t('strikes.clearedPaid', { day })
          : t('strikes.clearedBy', { name: c.byName ?? t('strikes.someone'), day, reason: c.reason ?? '' })}
      </Typography>
    </Box>
  );
}

/**
 * A bidder's strikes (decision 092): each order unpaid past its due date, what it asked, when it fell due, and
 * whether it was cleared and why; staff who manage bidders clear one with a reason. Clearing never lifts a block:
 * the page's Unblock does.
 */
export function BidderStrikes({ id }: { id: string }) {
  const { t } = useTranslation('admin');
  const { can } = useCan();
  const { data, isLoading, isError, refetch } = useBidderStrikes(id);
  const clear = useClearStrike(id);
  const [clearing, setClearing] = useState<Strike | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');

  if (isLoading)
    return (
      <Box
        role="status"
        aria-label={t('common.loading')}
        sx={{ display: 'grid', placeItems: 'center', py: 4 }}
      >
        <CircularProgress size={24} aria-label={t('common.loading')} />
      </Box>
    );
  if (isError || !data)
    return (
      <ErrorState
        message={t('common.loadFailed')}
        retryLabel={t('common.retry')}
        onRetry={() => void refetch()}
      />
    );

  const submit = () => {
    if (!clearing) return;
    clear.mutate(
      { strikeId: clearing.id, reason },
      {
        onSuccess: (res) => {
          notify.success(adminMessage(res.message));
          setClearing(null);
          setReason('');
          setError('');
        },
        onError: (e) => setError(adminMessage(e.message)),
      },
    );
  };

  return (
    <Box sx={{ display: 'grid', gap: 3 }} data-testid="bidder-strikes">
      <Typography variant="body2">
        {data.blockAfter > 0
          ? t('strikes.summary', { count: data.activeCount, blockAfter: data.blockAfter })
          : t('strikes.summaryNoBlock', { count: data.activeCount })}
      </Typography>
      {data.strikes.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>{t('strikes.none')}</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {data.strikes.map((s) => (
            <Box
              component="li"
              key={s.id}
              sx={{
                display: 'flex',
                flexWrap: 'wrap',
                gap: 3,
                justifyContent: 'space-between',
                py: 2,
                borderBottom: 1,
                borderColor: 'divider',
              }}
            >
              <Box sx={{ minWidth: 0, flex: '1 1 12rem' }}>
                <Link
                  component={RouterLink}
                  to={paths.adminOrder.href(s.orderId)}
                  sx={{ overflowWrap: 'anywhere' }}
                >
                  {s.lotNumber === null
                    ? s.rugTitle
                    : t('strikes.lotTitle', { n: s.lotNumber, title: s.rugTitle })}
                </Link>
                <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
                  {t('strikes.owed', {
                    amount: formatMoney(s.amountCents, s.currency),
                    day: formatDate(s.dueAt),
                  })}
                </Typography>
              </Box>
              <Box sx={{ display: 'grid', gap: 1, justifyItems: endOnWide, flexShrink: 0, maxWidth: '100%' }}>
                <StrikeState strike={s} />
                {!s.cleared && can('manage', 'bidder') && (
                  <Button size="small" onClick={() => setClearing(s)}>
                    {t('strikes.clear')}
                  </Button>
                )}
              </Box>
            </Box>
          ))}
        </Box>
      )}
      <Alert severity="info" variant="outlined">
        {t('strikes.blockNote')}
      </Alert>
      <Dialog open={clearing !== null} onClose={() => setClearing(null)} fullWidth maxWidth="xs">
        <DialogTitle>{t('strikes.clearTitle')}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            multiline
            minRows={2}
            sx={{ mt: 2 }}
            label={t('strikes.reason')}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            error={Boolean(error)}
            helperText={error || t('strikes.reasonHelp')}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setClearing(null)}>{t('strikes.cancel')}</Button>
          <Button variant="contained" disabled={clear.isPending} onClick={submit}>
            {t('strikes.clear')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
