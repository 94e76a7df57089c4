import { useCallback, useRef, useState } from 'react';
import { useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { LiveClerkAction, LiveSaleView } from '@knotwork/shared/schemas/live-sales';
import { can } from '@knotwork/shared/abilities/staff';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { useAuthStore } from '@/lib/auth-store.ts';
import { ApiError, isNotFound } from '@/lib/api-client.ts';
import { formatUsd } from '@/lib/format.ts';
import { radius } from '@/lib/theme.ts';
import { notify } from '@/lib/toast.ts';
import { clerkKey, useClerkAction, useClerkView, type ClerkView } from '../api/clerk.ts';
import { BigButton as Big } from '../components/clerk/big-button.tsx';
import { ClerkActions } from '../components/clerk/clerk-actions.tsx';
import { ClerkBlockPanel } from '../components/clerk/clerk-block-panel.tsx';
import { ClerkHeader } from '../components/clerk/clerk-header.tsx';
import { ClerkLotCard } from '../components/clerk/clerk-lot-card.tsx';
import { ClerkNextLots } from '../components/clerk/clerk-next-lots.tsx';
import { PhoneLinesChip } from '../components/clerk/phone-lines-chip.tsx';
import { useClerkShortcuts } from '../components/clerk/use-clerk-shortcuts.ts';
import { useLiveChannel } from '../hooks/use-live-channel.ts';

/**
 * /admin/live/:id, the clerk's console (issue 12): the lot on the block large, the ask (editable), the leading
 * bid and where it came from, big buttons with keyboard shortcuts for every action, the book of absentee bids,
 * the lots to come and the online count. An online bid that lands while the clerk is about to sell is flagged.
 */
export function ClerkConsolePage() {
  const { t } = useTranslation('admin');
  const { id = '' } = useParams();
  const role = useAuthStore((s) => s.user?.role ?? null);
  const query = useClerkView(id);
  const [warning, setWarning] = useState<string | null>(null);
  const warningTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const flag = useCallback((text: string) => {
    setWarning(text);
    clearTimeout(warningTimer.current);
    warningTimer.current = setTimeout(() => setWarning(null), 8000);
  }, []);
  const connection = useLiveChannel<ClerkView>(query.data?.auctionId, clerkKey(id), {
    refetchOnEvent: true,
    onEvent: (next: LiveSaleView, previous) => {
      const before = previous?.current;
      const after = next.current;
      const last = after?.bids.at(-1);
      const arrived =
        before && after && before.lotId === after.lotId && after.bids.length > before.bids.length;
      // The auctioneer was going to sell (fair warning given): a bid from the internet or a telephone line must
      // not be missed.
      if (arrived && last?.source === 'online' && before.fairWarning)
        flag(t('live.onlineWhileSelling', { who: last.label, amount: formatUsd(last.amount) }));
      if (arrived && last?.source === 'telephone' && before.fairWarning)
        flag(t('live.phoneWhileSelling', { who: last.label, amount: formatUsd(last.amount) }));
    },
  });

  if (!can(role, 'read', 'live')) {
    return (
      <EmptyState title={t('forbidden.title')} description={t('forbidden.body')} headingComponent="h1" />
    );
  }
  if (query.isPending) {
    return (
      <Box
        role="status"
        aria-label={t('common.loading')}
        sx={{ display: 'grid', placeItems: 'center', py: 20 }}
      >
        <CircularProgress size={28} aria-label={t('common.loading')} />
      </Box>
    );
  }
  if (query.isError) {
    return (
      <ErrorState
        message={isNotFound(query.error) ? t('live.notFound') : t('common.loadFailed')}
        retryLabel={t('common.retry')}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return (
    <Console
      view={query.data}
      routeId={id}
      warning={warning}
      onWarning={flag}
      connectionLost={connection === 'lost'}
      canManage={can(role, 'manage', 'live')}
    />
  );
}

/** The console's layout and the clerk's one action at a time; its parts live in components/clerk. */
function Console({
  view,
  routeId,
  warning,
  onWarning,
  connectionLost,
  canManage,
}: {
  view: ClerkView;
  routeId: string;
  warning: string | null;
  onWarning: (text: string) => void;
  connectionLost: boolean;
  canManage: boolean;
}) {
  const { t } = useTranslation('admin');
  const { t: tLive } = useTranslation('live');
  const action = useClerkAction(routeId);
  const [paddle, setPaddle] = useState('');
  // A lot refused because its telephone lines are not ready (decision 097): the clerk waits, or opens it anyway.
  const [unready, setUnready] = useState<{ lotId: string; number: number } | null>(null);
  const paddleField = useRef<HTMLInputElement>(null);
  const lot = view.current;
  const onBlock = lot !== null && (lot.status === 'open' || lot.status === 'paused');
  const next = view.upcoming[0];

  const run = useCallback(
    (a: LiveClerkAction) => {
      if (!canManage || action.isPending) return;
      action.mutate(a, {
        onSuccess: () => {
          if (a.type === 'open') setUnready(null);
        },
        onError: (e) => {
          const code = e instanceof ApiError ? e.body.code : undefined;
          if (code === 'NEW_BID') onWarning(t('live.newBidBeforeHammer'));
          else if (code === 'OPERATORS_NOT_READY' && a.type === 'open') {
            const number = view.upcoming.find((u) => u.lotId === a.lotId)?.lotNumber ?? 0;
            setUnready({ lotId: a.lotId, number });
          } else notify.error(e.message);
        },
      });
    },
    [action, canManage, onWarning, t, view.upcoming],
  );

  const floorBid = useCallback(() => {
    const n = Number(paddle);
    if (!Number.isInteger(n) || n <= 0) {
      paddleField.current?.focus();
      return;
    }
    run({ type: 'floorBid', paddle: n });
  }, [paddle, run]);

  useClerkShortcuts({ view, onBlock, run, floorBid });

  // The hidden reserve of the lot on the block: below it the lot cannot be sold, only passed (AUCTION-RULES.md).
  const reserve = lot ? (view.reserves[lot.lotId] ?? null) : null;
  return (
    <Box sx={{ display: 'grid', gap: 5 }}>
      <ClerkHeader view={view} />
      {connectionLost && <Alert severity="warning">{t('live.connectionLost')}</Alert>}
      {action.isPending && (
        // Keys and buttons are ignored until the room has the last action (one at a time, in order); this says why.
        <Box
          role="status"
          data-testid="clerk-pending"
          sx={{ display: 'flex', alignItems: 'center', gap: 2, color: 'text.secondary' }}
        >
          <CircularProgress size={16} color="inherit" aria-hidden />
          {t('live.sending')}
        </Box>
      )}
      {warning && (
        <Alert
          severity="error"
          variant="filled"
          role="alert"
          data-testid="clerk-warning"
          sx={{ fontSize: '1.1rem' }}
        >
          {warning}
        </Alert>
      )}

      {unready && (
        <Alert
          severity="warning"
          role="alert"
          data-testid="clerk-phones-not-ready"
          action={
            canManage && (
              <Button
                color="inherit"
                size="small"
                data-testid="clerk-open-anyway"
                onClick={() => run({ type: 'open', lotId: unready.lotId, override: true })}
              >
                {t('live.openAnyway')}
              </Button>
            )
          }
        >
          {t('live.operatorsNotReady', {
            number: unready.number,
            ready: view.phoneLines[unready.lotId]?.ready ?? 0,
            lines: view.phoneLines[unready.lotId]?.lines ?? 0,
          })}
        </Alert>
      )}
      {lot && onBlock && <PhoneLinesChip lines={view.phoneLines[lot.lotId]} />}

      {lot ? (
        <Box
          sx={{
            display: 'grid',
            gap: 5,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 5fr) minmax(0, 7fr)' },
          }}
        >
          <ClerkLotCard lot={lot} reserve={reserve} />
          <ClerkBlockPanel
            view={view}
            lot={lot}
            onBlock={onBlock}
            canManage={canManage}
            run={run}
            actions={
              <ClerkActions
                view={view}
                lot={lot}
                reserve={reserve}
                run={run}
                paddle={paddle}
                onPaddle={setPaddle}
                paddleField={paddleField}
                floorBid={floorBid}
              />
            }
          />
        </Box>
      ) : (
        <Paper
          variant="outlined"
          sx={{
            p: { xs: 5, md: 8 },
            borderRadius: `${radius.card}px`,
            display: 'grid',
            gap: 4,
            justifyItems: 'start',
          }}
        >
          <Typography variant="h5" component="p" data-testid="clerk-status">
            {view.status === 'ended' ? tLive('sale.status.ended') : t('live.notStarted')}
          </Typography>
          {next && <PhoneLinesChip lines={view.phoneLines[next.lotId]} />}
          {canManage && next && (
            <Big
              onClick={() => run({ type: 'open', lotId: next.lotId })}
              shortcut="N"
              testId="clerk-open-next"
            >
              {t('live.openNext', { number: next.lotNumber })}
            </Big>
          )}
        </Paper>
      )}

      <ClerkNextLots view={view} canOpen={canManage && !onBlock} run={run} />
    </Box>
  );
}

export default ClerkConsolePage;
