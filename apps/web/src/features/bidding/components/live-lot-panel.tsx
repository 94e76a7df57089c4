import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import RemoveCircleOutline from '@mui/icons-material/RemoveCircleOutline';
import { useTranslation } from 'react-i18next';
import type { Lot } from '@knotwork/shared/schemas/catalogue';
import { formatMediumDateTime, formatUsd } from '@/lib/format.ts';
import { Approx } from '@/components/currency/approx.tsx';
import { paths } from '@/config/paths.ts';
import { useAuthDialogStore } from '@/lib/auth-dialog-store.ts';
import { useAuthStore } from '@/lib/auth-store.ts';
import { radius, softShadow } from '@/lib/theme.ts';
import { useLiveLot } from '../hooks/use-live-lot.ts';
import { usePlaceBid } from '../hooks/use-place-bid.ts';
import { prefillFromQuery } from '../lib/bid-amounts.ts';
import { formatExtension } from '../lib/countdown.ts';
import { inLiveRoom, lotPhase, publicLotStatus, type LotPhase } from '@knotwork/shared/bidding/lot-phase';
import { BidLiveLink, LiveNowNote } from '@/components/ui/bid-live-link.tsx';
import { useServerTimeValue } from '@/lib/server-clock.ts';
import { useTimeZone } from '@/lib/time-zone.ts';
import { BidForm } from './bid-form.tsx';
import { BidHistory } from './bid-history.tsx';
import { LikeButton } from './like-button.tsx';
import { LotCountdown } from './lot-countdown.tsx';
import { PositionBanner } from './position-banner.tsx';
import { StickyBidBar } from './sticky-bid-bar.tsx';

// Loaded on the first bid, as its dialog opens: MUI's Dialog and Modal are not evaluated with the page's code, in the
// task before it hydrates (issue 24 §10). Mounted from then on, so that closing it plays its transition.
const BidConfirmDialog = lazy(() =>
  import('./bid-confirm-dialog.tsx').then((m) => ({ default: m.BidConfirmDialog })),
);

export interface LiveLotPanelProps {
  /** The lot as last known (the rug's query cache); every live change comes back through `onLot`. */
  lot: Lot;
  /** This browser's clock when `lot` arrived. */
  receivedAt: number;
  onLot: (patch: Partial<Lot>) => void;
  /** /rugs-details-live: a stronger frame. */
  emphasis?: 'default' | 'live';
}

function Figure({
  label,
  value,
  strong,
  testId,
  fullWidth,
  approx,
}: {
  label: string;
  value: ReactNode;
  /** The same amount in the visitor's currency (cents), as a second description of the term. */
  approx?: number;
  strong?: boolean;
  testId?: string;
  /** Spans the whole grid row; set on the term's own wrapper, as a <dl> may hold only <div>s of dt/dd. */
  fullWidth?: boolean;
}) {
  return (
    <Box sx={{ minWidth: 0, ...(fullWidth ? { gridColumn: '1 / -1' } : {}) }}>
      <Typography variant="caption" component="dt" sx={{ color: 'text.secondary', letterSpacing: '0.04em' }}>
        {label}
      </Typography>
      <Typography
        component="dd"
        data-testid={testId}
        sx={{
          m: 0,
          fontWeight: strong ? 600 : 500,
          fontSize: strong ? '1.7rem' : '1rem',
          lineHeight: 1.3,
          fontVariantNumeric: 'tabular-nums',
        }}
      >
        {value}
      </Typography>
      {approx !== undefined && <Approx cents={approx} block />}
    </Box>
  );
}

function PhaseNote({ phase, lot }: { phase: LotPhase; lot: Lot }) {
  const { t } = useTranslation('bidding');
  const timeZone = useTimeZone();
  if (phase === 'sold') {
    return (
      <Typography component="p" data-testid="lot-result" sx={{ fontSize: '1.4rem', fontWeight: 600 }}>
        {t('phase.soldFor', { price: formatUsd(lot.hammerPrice ?? lot.currentBid ?? 0) })}
        <Approx cents={lot.hammerPrice ?? lot.currentBid ?? 0} />
      </Typography>
    );
  }
  const key = phase === 'upcoming' ? 'phase.opensAt' : `phase.${phase}Note`;
  return (
    <Typography variant="body2" data-testid="lot-result" sx={{ color: 'text.secondary' }}>
      {t(key, {
        date: formatMediumDateTime(lot.startsAt, timeZone),
      })}
    </Typography>
  );
}

/**
 * A lot that moves while you look at it: price, next minimum, countdown on the server's clock (soft-close
 * extensions announced), your standing, reserve met or not, the bid form with its confirmation, buy now while
 * offered, the heart, and the history as bids arrive.
 */
export function LiveLotPanel({ lot, receivedAt, onLot, emphasis = 'default' }: LiveLotPanelProps) {
  const { t } = useTranslation('bidding');
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const signedIn = useAuthStore((s) => s.user !== null);
  const live = useLiveLot(lot, receivedAt, onLot);
  // Derived from the server's clock and re-rendered only when they change; the countdown ticks on its own.
  const phase = useServerTimeValue(live.payloadOffsetMs, (now) => lotPhase(lot, now));
  // A live sale's lot: while the sale runs the way in is the room; past its absentee window it is sold there
  // (never "closing": publicLotStatus, issue 24 section 4).
  const liveNow = useServerTimeValue(
    live.payloadOffsetMs,
    (now) => lot.auctionType === 'live' && publicLotStatus(lot, now) === 'open',
  );
  const inRoom = useServerTimeValue(live.payloadOffsetMs, (now) => inLiveRoom(lot, now));
  const { mutation, fieldError, clearFieldError } = usePlaceBid(lot.rugId, onLot);
  const [confirming, setConfirming] = useState<number | null>(null);
  const [confirmUsed, setConfirmUsed] = useState(false);
  if (confirming !== null && !confirmUsed) setConfirmUsed(true);
  const [accepted, setAccepted] = useState(0);
  const bidFormBox = useRef<HTMLDivElement>(null);
  const prefill = prefillFromQuery(searchParams.get('bid'));
  const here = `${location.pathname}${location.search}`;
  const hasBids = lot.currentBid !== null && lot.bidCount > 0;
  const leading = lot.leading === true;
  const lotLabel = `${t('lotNumber', { number: lot.lotNumber })} · ${lot.auctionTitle}`;
  // Shown while the lot is still open and the extension is recent enough to explain the jump in the clock.
  const extension =
    live.extension && phase === 'open' && Date.now() - live.extension.seenAt < 5 * 60_000
      ? formatExtension(live.extension.byMs)
      : null;

  const requestBid = (amount: number) => {
    if (!signedIn) {
      // Back to this very lot after signing in (SPEC.md 2: the sign-in dialog carries where to return).
      useAuthDialogStore.getState().show('login', { redirectTo: here });
      return;
    }
    clearFieldError();
    setConfirming(amount);
  };

  return (
    <Box
      component="section"
      aria-labelledby="lot-panel-title"
      data-testid="lot-panel"
      data-phase={inRoom ? 'room' : phase}
      sx={(th) => ({
        p: { xs: 6, md: 8 },
        borderRadius: `${radius.card}px`,
        bgcolor: 'background.paper',
        border: `1px solid ${emphasis === 'live' ? th.palette.text.primary : th.palette.divider}`,
        boxShadow: emphasis === 'live' ? softShadow(th.palette.mode, 12, 32, 0.08) : 'none',
      })}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2 }}>
        <Typography variant="overline" component="p" sx={{ color: 'accent.dark' }}>
          {t('lotNumber', { number: lot.lotNumber })} · {t(`type.${lot.auctionType}`)}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Chip
            size="small"
            data-testid="lot-phase"
            label={t(`phase.${inRoom ? 'open' : phase}`)}
            sx={(th) => ({
              fontWeight: 600,
              letterSpacing: '0.06em',
              textTransform: 'uppercase',
              fontSize: '0.68rem',
              bgcolor: phase === 'open' ? th.palette.text.primary : th.palette.background.subtle,
              color: phase === 'open' ? th.palette.background.paper : th.palette.text.primary,
            })}
          />
          <LikeButton
            rugId={lot.rugId}
            liked={lot.liked === true}
            returnTo={here}
            onChange={(liked) => onLot({ liked })}
          />
        </Box>
      </Box>
      <Typography variant="h6" component="h2" id="lot-panel-title" sx={{ fontWeight: 500 }}>
        <Link component={RouterLink} to={paths.upcomingAuction.href(lot.auctionSlug)} underline="hover">
          {lot.auctionTitle}
        </Link>
      </Typography>

      <Box sx={{ mt: 5, display: 'flex', flexDirection: 'column', gap: 3 }}>
        {liveNow && <LiveNowNote />}
        {inRoom ? (
          <Typography variant="body2" data-testid="lot-result" sx={{ color: 'text.secondary' }}>
            {t('common:live.inRoom')}
          </Typography>
        ) : phase === 'open' ? (
          <LotCountdown endsAt={lot.endsAt} offsetMs={live.payloadOffsetMs} />
        ) : (
          <PhaseNote phase={phase} lot={lot} />
        )}
        {liveNow && <BidLiveLink saleId={lot.auctionId} block />}
        {extension && (
          <Alert severity="info" data-testid="soft-close-extension" role="status">
            {t('extension.notice', {
              // Minutes and seconds are joined by the language ("1 minute 30 seconds", Arabic adds "and").
              time:
                extension.minutes > 0 && extension.seconds > 0
                  ? t('extension.both', {
                      minutes: t('extension.minutes', { count: extension.minutes }),
                      seconds: t('extension.seconds', { count: extension.seconds }),
                    })
                  : extension.minutes > 0
                    ? t('extension.minutes', { count: extension.minutes })
                    : t('extension.seconds', { count: extension.seconds }),
            })}
          </Alert>
        )}
        <PositionBanner leading={lot.leading} myMaxBid={lot.myMaxBid} phase={phase} />
      </Box>

      {phase !== 'withdrawn' && (
        <Box
          component="dl"
          sx={{
            m: 0,
            mt: 6,
            pt: 6,
            borderTop: 1,
            borderColor: 'divider',
            display: 'grid',
            gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
            gap: 5,
          }}
        >
          <Figure
            strong
            fullWidth
            testId="lot-price"
            label={hasBids ? t('figures.currentBid') : t('figures.openingBid')}
            value={formatUsd(hasBids ? lot.currentBid! : lot.openingBid)}
            approx={hasBids ? lot.currentBid! : lot.openingBid}
          />
          {(phase === 'open' || phase === 'upcoming') && (
            <Figure
              testId="lot-next-minimum"
              label={t('figures.nextMinimum')}
              value={formatUsd(lot.nextMinimumBid)}
              approx={lot.nextMinimumBid}
            />
          )}
          <Figure
            testId="lot-bid-count"
            label={t('figures.bids')}
            value={t('figures.bidCount', { count: lot.bidCount })}
          />
        </Box>
      )}

      <Box sx={{ mt: 5, display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: 3 }}>
        {lot.reserveMet !== null && phase !== 'withdrawn' ? (
          <Box
            data-testid="lot-reserve"
            data-met={lot.reserveMet}
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1.5,
              color: lot.reserveMet ? 'success.main' : 'text.secondary',
            }}
          >
            {lot.reserveMet ? (
              <CheckCircleOutline fontSize="small" />
            ) : (
              <RemoveCircleOutline fontSize="small" />
            )}
            <Typography variant="body2" sx={{ color: 'inherit', fontWeight: 500 }}>
              {lot.reserveMet ? t('figures.reserveMet') : t('figures.reserveNotMet')}
            </Typography>
          </Box>
        ) : (
          <span />
        )}
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('figures.estimate', { low: formatUsd(lot.estimateLow), high: formatUsd(lot.estimateHigh) })}
          <Approx cents={lot.estimateLow} high={lot.estimateHigh} block />
        </Typography>
      </Box>

      {phase === 'open' && (
        <Box ref={bidFormBox} sx={{ mt: 6, pt: 6, borderTop: 1, borderColor: 'divider' }}>
          <BidForm
            nextMinimum={lot.nextMinimumBid}
            leading={leading}
            myMaxBid={lot.myMaxBid}
            onBid={requestBid}
            serverError={fieldError}
            prefill={prefill}
            resetSignal={accepted}
            disabled={mutation.isPending}
          />
        </Box>
      )}

      {phase === 'open' && lot.buyNowPrice !== null && (
        <Box sx={{ mt: 6, pt: 6, borderTop: 1, borderColor: 'divider' }}>
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 3 }}>
            {t('buyNow.note')}
          </Typography>
          <Button
            component={RouterLink}
            to={paths.buyItNow.href(lot.rugId)}
            variant="outlined"
            color="inherit"
            size="large"
            fullWidth
            data-testid="lot-buy-now"
            onClick={(e) => {
              if (signedIn) return;
              e.preventDefault();
              useAuthDialogStore.getState().show('login', { redirectTo: paths.buyItNow.href(lot.rugId) });
            }}
          >
            {t('buyNow.action', { price: formatUsd(lot.buyNowPrice) })}
          </Button>
          <Approx cents={lot.buyNowPrice} block style={{ marginTop: '0.5rem', textAlign: 'center' }} />
        </Box>
      )}

      <Box sx={{ mt: 6, pt: 6, borderTop: 1, borderColor: 'divider' }}>
        <BidHistory entries={live.history} status={live.historyStatus} />
      </Box>

      {phase === 'open' && (
        <StickyBidBar
          target={bidFormBox}
          label={lotLabel}
          priceLabel={hasBids ? t('figures.currentBid') : t('figures.openingBid')}
          price={formatUsd(hasBids ? lot.currentBid! : lot.openingBid)}
          action={leading ? t('form.raise') : t('form.placeBid')}
        />
      )}

      {confirmUsed && (
        <Suspense fallback={null}>
          <BidConfirmDialog
            amount={confirming}
            raising={leading}
            lotLabel={lotLabel}
            pending={mutation.isPending}
            onClose={() => setConfirming(null)}
            onConfirm={() => {
              if (confirming === null) return;
              mutation.mutate(confirming, {
                onSuccess: () => setAccepted((n) => n + 1),
                onSettled: () => setConfirming(null),
              });
            }}
          />
        </Suspense>
      )}
    </Box>
  );
}
