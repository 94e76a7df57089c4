import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { inLiveRoom, lotPhase, publicLotStatus } from '@knotwork/shared/bidding/lot-phase';
import type { LotWithRug } from '@knotwork/shared/schemas/sales';
import { paths } from '@/config/paths.ts';
import { ResponsiveImage } from '@/components/ui/responsive-image.tsx';
import { RugPattern } from '@/components/ui/rug-pattern.tsx';
import { formatEstimate, formatUsd } from '@/lib/format.ts';
import { Approx } from '@/components/currency/approx.tsx';
import { useServerNowValue } from '@/lib/server-clock.ts';
import { BidLiveLink } from '@/components/ui/bid-live-link.tsx';
import { Countdown } from './countdown.tsx';

/** The lot's state line: time left while open, when it opens, or how it ended. */
function LotState({ lot, receivedAt }: { lot: LotWithRug; receivedAt: number }) {
  const { t } = useTranslation('sales');
  // Re-rendered when the phase changes, not at every tick (the countdown ticks on its own).
  const phase = useServerNowValue(lot.serverNow, receivedAt, (now) =>
    inLiveRoom(lot, now) ? 'inRoom' : lotPhase(lot, now),
  );
  // A live sale's lot past its absentee window is sold in the room, not "closing" (publicLotStatus).
  if (phase === 'inRoom') return <span className="kw-rug-card__aside">{t('lot.inRoom')}</span>;
  if (phase === 'open')
    return <Countdown endsAt={lot.endsAt} serverNow={lot.serverNow} receivedAt={receivedAt} />;
  const key = {
    withdrawn: 'lot.withdrawn',
    sold: 'lot.sold',
    unsold: 'lot.unsold',
    closing: 'lot.closing',
    upcoming: 'lot.upcoming',
  }[phase];
  return <span className="kw-rug-card__aside">{t(key)}</span>;
}

/**
 * A lot in a sale's grid or the open-lots list: lot number over the picture, the rug's title, the estimate, the
 * price now (current or opening bid, or the hammer price) and the time left. Open lots lead to the live view.
 * Drawn with the rug card's plain CSS (styles/rug-card.css), not MUI's sx: a sale page draws dozens, and each
 * MUI card was a long task of its own on a phone (issue 9).
 */
export function LotCard({
  lot,
  receivedAt,
  eager = false,
  showSale = false,
}: {
  lot: LotWithRug;
  receivedAt: number;
  eager?: boolean;
  showSale?: boolean;
}) {
  const { t } = useTranslation('sales');
  const { rug } = lot;
  const liveNow = useServerNowValue(
    lot.serverNow,
    receivedAt,
    (now) => lot.auctionType === 'live' && publicLotStatus(lot, now) === 'open',
  );
  const href = lot.status === 'open' ? paths.rugLive.href(rug.slug) : paths.rug.href(rug.slug);
  const sold = lot.status === 'closed' && lot.outcome === 'sold' && lot.hammerPrice !== null;
  const hasBids = lot.currentBid !== null && lot.bidCount > 0;
  const priceLabel = sold
    ? t('lot.hammer')
    : hasBids
      ? t('lot.currentBid', { count: lot.bidCount })
      : t('lot.openingBid');
  const price = sold ? lot.hammerPrice! : hasBids ? lot.currentBid! : lot.openingBid;

  return (
    <article className="kw-rug-card" data-testid="lot-card" data-lot-number={lot.lotNumber}>
      <div className="kw-rug-card__media">
        {rug.image ? (
          <ResponsiveImage
            image={rug.image}
            sizes="(min-width: 1200px) 22vw, (min-width: 900px) 30vw, 46vw"
            alt=""
            eager={eager}
            aspectRatio="4 / 5"
          />
        ) : (
          <div aria-hidden className="kw-rug-card__pattern">
            <RugPattern seed={rug.slug} orientation="portrait" style={{ width: '78%', maxHeight: '100%' }} />
          </div>
        )}
        <span className="kw-rug-card__badge">{t('lot.number', { number: lot.lotNumber })}</span>
      </div>
      <div className="kw-rug-card__body">
        {showSale && <p className="kw-rug-card__origin kw-rug-card__origin--clip">{lot.auctionTitle}</p>}
        <h3 className="kw-rug-card__title">
          <RouterLink
            to={href}
            className="kw-rug-card__link"
            aria-label={t('lot.linkLabel', { number: lot.lotNumber, title: rug.title })}
          >
            {rug.title}
          </RouterLink>
        </h3>
        <p className="kw-rug-card__facts">
          {t('lot.estimate', { range: formatEstimate(lot.estimateLow, lot.estimateHigh) })}
        </p>
        <div className="kw-rug-card__price">
          <div className="kw-rug-card__price-line kw-rug-card__price-line--wrap">
            <div className="kw-rug-card__price-figures">
              <p className="kw-rug-card__price-label">{priceLabel}</p>
              <p className="kw-rug-card__amount">{formatUsd(price)}</p>
              <Approx cents={price} block />
            </div>
            <LotState lot={lot} receivedAt={receivedAt} />
          </div>
          {liveNow && (
            <div style={{ marginTop: '0.75rem' }}>
              <BidLiveLink
                saleId={lot.auctionId}
                size="small"
                context={t('lot.linkLabel', { number: lot.lotNumber, title: rug.title })}
              />
            </div>
          )}
        </div>
      </div>
    </article>
  );
}

export function LotCardSkeleton() {
  return (
    <div aria-hidden>
      <span className="kw-skeleton kw-skeleton--picture" />
      <span className="kw-skeleton" style={{ width: '85%', marginTop: '1rem', fontSize: '1.1rem' }} />
      <span className="kw-skeleton" style={{ width: '60%' }} />
      <span className="kw-skeleton" style={{ width: '50%', marginTop: '0.75rem', fontSize: '1.2rem' }} />
    </div>
  );
}
