import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { LiveClerkAction, LiveSaleView } from '@knotwork/shared/schemas/live-sales';
import { can } from '@knotwork/shared/abilities/staff';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { paths } from '@/config/paths.ts';
import { useAuthStore } from '@/lib/auth-store.ts';
import { ApiError, isNotFound } from '@/lib/api-client.ts';
import { formatEstimate, formatUsd } from '@/lib/format.ts';
import { radius } from '@/lib/theme.ts';
import { notify } from '@/lib/toast.ts';
import { clerkKey, useClerkAction, useClerkView, type ClerkView } from '../api/clerk.ts';
import { BidLines } from '../components/bid-lines.tsx';
import { LotPicture } from '../components/lot-picture.tsx';
import { useLiveChannel } from '../hooks/use-live-channel.ts';
import { bidderLabel, statusLine } from '../lib/status-line.ts';

/** Keyboard shortcuts of the console: one key per action, shown on its button. */
const KEYS = {
  floor: 'f',
  fairWarning: 'w',
  sold: 's',
  pass: 'p',
  undo: 'u',
  pause: ' ',
  open: 'n',
} as const;

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
      // The auctioneer was going to sell (fair warning given): a bid from the internet must not be missed.
      if (arrived && last?.source === 'online' && before.fairWarning)
        flag(t('live.onlineWhileSelling', { who: last.label, amount: formatUsd(last.amount) }));
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
  const [ask, setAsk] = useState('');
  const paddleField = useRef<HTMLInputElement>(null);
  const lot = view.current;
  const onBlock = lot !== null && (lot.status === 'open' || lot.status === 'paused');
  const next = view.upcoming[0];

  const run = useCallback(
    (a: LiveClerkAction) => {
      if (!canManage || action.isPending) return;
      action.mutate(a, {
        onError: (e) => {
          const code = e instanceof ApiError ? e.body.code : undefined;
          if (code === 'NEW_BID') onWarning(t('live.newBidBeforeHammer'));
          else notify.error(e.message);
        },
      });
    },
    [action, canManage, onWarning, t],
  );

  const floorBid = useCallback(() => {
    const n = Number(paddle);
    if (!Number.isInteger(n) || n <= 0) {
      paddleField.current?.focus();
      return;
    }
    run({ type: 'floorBid', paddle: n });
  }, [paddle, run]);

  const setAskAmount = () => {
    const units = Number(ask.replace(/[^\d]/g, ''));
    if (units > 0) run({ type: 'setAsk', amount: units * 100 });
    setAsk('');
  };

  // One key per action, ignored while typing in a field (Enter in the paddle field takes the floor bid).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (target && ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) return;
      if (e.metaKey || e.ctrlKey || e.altKey) return;
      const key = e.key.toLowerCase();
      if (key === KEYS.open && !onBlock && next) run({ type: 'open', lotId: next.lotId });
      else if (!lot || !onBlock) return;
      else if (key === KEYS.floor) floorBid();
      else if (key === KEYS.fairWarning) run({ type: 'fairWarning' });
      else if (key === KEYS.sold && lot.reserveMet !== false)
        run({ type: 'sold', bidCount: lot.bids.length });
      else if (key === KEYS.pass) run({ type: 'pass' });
      else if (key === KEYS.undo) run({ type: 'undo' });
      else if (key === KEYS.pause) run({ type: lot.status === 'paused' ? 'resume' : 'pause' });
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [floorBid, lot, next, onBlock, run]);

  const open = lot?.status === 'open';
  // The hidden reserve of the lot on the block: below it the lot cannot be sold, only passed (AUCTION-RULES.md).
  const reserve = lot ? (view.reserves[lot.lotId] ?? null) : null;
  const belowReserve = lot?.reserveMet === false;
  return (
    <Box sx={{ display: 'grid', gap: 5 }}>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 3,
          alignItems: 'center',
          justifyContent: 'space-between',
        }}
      >
        <Box>
          <Typography variant="overline" component="p" sx={{ color: 'accent.dark' }}>
            {t('live.overline')}
          </Typography>
          <Typography variant="h4" component="h1">
            {view.title}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
          <Chip
            label={t('live.online', { count: view.onlineCount })}
            color="primary"
            variant="outlined"
            data-testid="clerk-online"
          />
          <Chip
            label={t('live.progress', { done: view.lotsDone, left: view.upcoming.length })}
            variant="outlined"
          />
          <Button component={RouterLink} to={paths.live.href(view.slug)} target="_blank">
            {t('live.openRoom')}
          </Button>
        </Box>
      </Box>
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

      {lot ? (
        <Box
          sx={{
            display: 'grid',
            gap: 5,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 5fr) minmax(0, 7fr)' },
          }}
        >
          <Paper
            variant="outlined"
            sx={{
              p: 4,
              borderRadius: `${radius.card}px`,
              // A tablet (600-1199 px) keeps the picture beside the lot's words, so the ask and the hammer stay
              // in the first screen; a phone stacks them, a desktop has the picture's own column.
              display: { xs: 'block', sm: 'grid', lg: 'block' },
              gridTemplateColumns: { sm: 'minmax(0, 2fr) minmax(0, 3fr)' },
              columnGap: 4,
              alignItems: 'start',
            }}
          >
            <LotPicture
              lot={lot}
              sizes="(min-width: 1200px) 35vw, (min-width: 600px) 40vw, 100vw"
              sx={{ aspectRatio: { xs: '16 / 9', sm: '4 / 3' } }}
            />
            <Box>
              <Typography
                variant="overline"
                component="p"
                sx={{ mt: { xs: 3, sm: 0, lg: 3 }, color: 'accent.dark' }}
              >
                {tLive('lotNumber', { number: lot.lotNumber })}
              </Typography>
              <Typography variant="h5" component="h2">
                {lot.rug.title}
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {formatEstimate(lot.estimateLow, lot.estimateHigh)} ·{' '}
                {t('live.opening', { amount: formatUsd(lot.openingBid) })}
              </Typography>
              <Typography
                variant="body1"
                data-testid="clerk-reserve"
                sx={{ mt: 1, fontWeight: 600, color: belowReserve ? 'warning.dark' : 'text.primary' }}
              >
                {reserve === null
                  ? t('live.noReserve')
                  : `${t('live.reserveIs', { amount: formatUsd(reserve) })} · ${
                      lot.reserveMet ? t('live.reserveMet') : t('live.reserveNotMet')
                    }`}
              </Typography>
            </Box>
          </Paper>

          <Paper
            variant="outlined"
            sx={{ p: { xs: 4, md: 6 }, borderRadius: `${radius.card}px`, display: 'grid', gap: 4 }}
          >
            <Typography
              variant="h5"
              component="p"
              role="status"
              data-testid="clerk-status"
              sx={{ color: lot.fairWarning ? 'error.main' : undefined }}
            >
              {statusLine(tLive, view, null)}
            </Typography>
            <Box sx={{ display: 'flex', gap: 6, flexWrap: 'wrap', alignItems: 'flex-end' }}>
              <Box>
                <Typography variant="overline" component="p" sx={{ color: 'text.secondary' }}>
                  {t('live.ask')}
                </Typography>
                <Typography variant="h2" component="p" data-testid="clerk-ask">
                  {formatUsd(lot.ask)}
                </Typography>
              </Box>
              <Box>
                <Typography variant="overline" component="p" sx={{ color: 'text.secondary' }}>
                  {t('live.leading')}
                </Typography>
                <Typography variant="h5" component="p" data-testid="clerk-leading">
                  {lot.leading
                    ? `${formatUsd(lot.leading.amount)} · ${bidderLabel(tLive, lot.leading.label, lot.leading)}${view.leaderName && lot.leading.source !== 'floor' ? ` (${view.leaderName})` : ''}`
                    : t('live.noBid')}
                </Typography>
                {lot.leading && (
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {tLive(`sale.source.${lot.leading.source}`)}
                  </Typography>
                )}
              </Box>
            </Box>

            {onBlock && canManage && (
              <>
                <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
                  <TextField
                    size="small"
                    label={t('live.newAsk')}
                    value={ask}
                    onChange={(e) => setAsk(e.target.value)}
                    onKeyDown={(e) => e.key === 'Enter' && setAskAmount()}
                    slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                    sx={{ width: 160 }}
                  />
                  <Button variant="outlined" onClick={setAskAmount}>
                    {t('live.setAsk')}
                  </Button>
                  {view.suggestedAsk !== null && view.suggestedAsk !== lot.ask && (
                    <Button onClick={() => run({ type: 'setAsk', amount: view.suggestedAsk! })}>
                      {t('live.resetAsk', { amount: formatUsd(view.suggestedAsk) })}
                    </Button>
                  )}
                </Box>
                <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'stretch' }}>
                  <TextField
                    inputRef={paddleField}
                    size="small"
                    label={t('live.paddle')}
                    value={paddle}
                    onChange={(e) => setPaddle(e.target.value.replace(/[^\d]/g, ''))}
                    onKeyDown={(e) => e.key === 'Enter' && floorBid()}
                    slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'clerk-paddle' } }}
                    sx={{ width: 120 }}
                  />
                  <Big onClick={floorBid} disabled={!open} shortcut="F" testId="clerk-floor">
                    {t('live.floorBid', { amount: formatUsd(lot.ask) })}
                  </Big>
                </Box>
                <Box
                  sx={{
                    display: 'grid',
                    gap: 2,
                    gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(3, 1fr)' },
                  }}
                >
                  <Big
                    onClick={() => run({ type: 'fairWarning' })}
                    disabled={!open || !lot.leading}
                    shortcut="W"
                    testId="clerk-fair-warning"
                    color="warning"
                  >
                    {t('live.fairWarning')}
                  </Big>
                  <Big
                    onClick={() => run({ type: 'sold', bidCount: lot.bids.length })}
                    disabled={!open || !lot.leading || belowReserve}
                    describedBy={belowReserve && lot.leading ? 'clerk-sold-reason' : undefined}
                    shortcut="S"
                    testId="clerk-sold"
                    color="success"
                  >
                    {t('live.sold')}
                  </Big>
                  <Big onClick={() => run({ type: 'pass' })} shortcut="P" testId="clerk-pass" color="inherit">
                    {t('live.pass')}
                  </Big>
                  <Big
                    onClick={() => run({ type: 'undo' })}
                    disabled={!view.canUndo}
                    shortcut="U"
                    testId="clerk-undo"
                    color="inherit"
                  >
                    {t('live.undo')}
                  </Big>
                  <Big
                    onClick={() => run({ type: lot.status === 'paused' ? 'resume' : 'pause' })}
                    shortcut={t('live.space')}
                    testId="clerk-pause"
                    color="inherit"
                  >
                    {lot.status === 'paused' ? t('live.resume') : t('live.pause')}
                  </Big>
                </Box>
                {belowReserve && lot.leading && reserve !== null && (
                  <Typography
                    id="clerk-sold-reason"
                    data-testid="clerk-sold-reason"
                    variant="body2"
                    sx={{ color: 'warning.dark', fontWeight: 500 }}
                  >
                    {t('live.soldBelowReserve', { amount: formatUsd(reserve) })}
                  </Typography>
                )}
              </>
            )}
            {!onBlock && canManage && next && (
              <Big
                onClick={() => run({ type: 'open', lotId: next.lotId })}
                shortcut="N"
                testId="clerk-open-next"
              >
                {t('live.openNext', { number: next.lotNumber })}
              </Big>
            )}
            <Box sx={{ display: 'grid', gap: 4, gridTemplateColumns: { xl: '1fr 1fr' } }}>
              <Box>
                <Typography variant="overline" component="h3" sx={{ color: 'text.secondary' }}>
                  {t('live.bids')}
                </Typography>
                <BidLines lines={lot.bids} myLabel={null} />
              </Box>
              <Box>
                <Typography variant="overline" component="h3" sx={{ color: 'text.secondary' }}>
                  {t('live.book')}
                </Typography>
                <Book entries={view.absentee} />
              </Box>
            </Box>
          </Paper>
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

      <Box component="section" aria-labelledby="clerk-next-lots">
        <Typography
          variant="overline"
          component="h2"
          id="clerk-next-lots"
          sx={{ color: 'accent.dark', mb: 2 }}
        >
          {t('live.nextLots')}
        </Typography>
        {view.upcoming.length === 0 ? (
          <Typography sx={{ color: 'text.secondary' }}>{t('live.noneLeft')}</Typography>
        ) : (
          <Box sx={{ display: 'grid', gap: 2 }}>
            {view.upcoming.slice(0, 8).map((u) => (
              <Paper
                key={u.lotId}
                variant="outlined"
                sx={{
                  p: 3,
                  display: 'flex',
                  flexWrap: 'wrap',
                  gap: 3,
                  alignItems: 'center',
                  borderRadius: `${radius.card}px`,
                }}
              >
                <LotPicture lot={u} sizes="64px" sx={{ width: 64, height: 64, flexShrink: 0 }} />
                <Box sx={{ flex: '1 1 12rem', minWidth: 0 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {tLive('lotNumber', { number: u.lotNumber })} · {u.rug.title}
                  </Typography>
                  <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                    {formatEstimate(u.estimateLow, u.estimateHigh)} ·{' '}
                    {view.reserves[u.lotId] == null
                      ? t('live.noReserve')
                      : t('live.reserveIs', { amount: formatUsd(view.reserves[u.lotId]!) })}
                  </Typography>
                </Box>
                <Box sx={{ textAlign: 'end', minWidth: 120 }}>
                  <Book entries={view.upcomingAbsentee[u.lotId] ?? []} compact />
                </Box>
                {canManage && !onBlock && (
                  <Button size="small" onClick={() => run({ type: 'open', lotId: u.lotId })}>
                    {t('live.open')}
                  </Button>
                )}
              </Paper>
            ))}
          </Box>
        )}
      </Box>
    </Box>
  );
}

function Book({ entries, compact = false }: { entries: ClerkView['absentee']; compact?: boolean }) {
  const { t } = useTranslation('admin');
  if (entries.length === 0)
    return (
      <Typography variant={compact ? 'caption' : 'body2'} sx={{ color: 'text.secondary' }}>
        {t('live.noBook')}
      </Typography>
    );
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {entries.map((a, i) => (
        <Typography key={i} component="li" variant={compact ? 'caption' : 'body2'} sx={{ display: 'block' }}>
          {t('live.absenteeLine', { name: a.bidderName, amount: formatUsd(a.max) })}
        </Typography>
      ))}
    </Box>
  );
}

function Big({
  children,
  onClick,
  disabled = false,
  shortcut,
  testId,
  color = 'primary',
  describedBy,
}: {
  children: ReactNode;
  onClick: () => void;
  disabled?: boolean;
  shortcut: string;
  testId: string;
  color?: 'primary' | 'success' | 'warning' | 'inherit';
  /** The id of the words saying why the button is disabled. */
  describedBy?: string;
}) {
  return (
    <Button
      variant={color === 'inherit' ? 'outlined' : 'contained'}
      color={color}
      size="large"
      disabled={disabled}
      onClick={onClick}
      data-testid={testId}
      aria-describedby={describedBy}
      aria-keyshortcuts={shortcut === ' ' ? 'Space' : shortcut}
      // Words wrap inside the button rather than push a phone's page sideways (360 px, issue 24).
      sx={{
        py: 2.5,
        fontSize: '1.05rem',
        justifyContent: 'space-between',
        gap: 2,
        minWidth: 0,
        textAlign: 'start',
        overflowWrap: 'anywhere',
      }}
    >
      <span>{children}</span>
      <Box component="kbd" sx={{ fontSize: '0.75rem', opacity: 0.75, border: 1, borderRadius: 1, px: 1 }}>
        {shortcut}
      </Box>
    </Button>
  );
}

export default ClerkConsolePage;
