import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { countdownTone } from '@knotwork/shared/bidding/countdown';
import type { RugSummary } from '@knotwork/shared/schemas/catalogue';
import { paths } from '@/config/paths.ts';
import { formatSize, useSizeUnit } from '@/lib/units.ts';
import { formatDayMonth, formatEstimate, formatTimeLeft, formatUsd } from '@/lib/format.ts';
import { useServerTimeValue } from '@/lib/server-clock.ts';
import { useTimeZone } from '@/lib/time-zone.ts';
import { Approx } from '@/components/currency/approx.tsx';
import { ResponsiveImage } from './responsive-image.tsx';
import { RugPattern } from './rug-pattern.tsx';

/**
 * Time left until `endsAt` on the server's clock (`offsetMs` = serverNow - Date.now() when the data arrived); red
 * when the shared countdown tone is urgent.
 */
function LotCountdown({ endsAt, offsetMs }: { endsAt: string; offsetMs: number }) {
  const { t } = useTranslation('catalogue');
  // The words, re-rendered when they change (once a second at most), not at every tick.
  const time = useServerTimeValue(offsetMs, (now) => {
    const left = Date.parse(endsAt) - now;
    return left > 0 ? formatTimeLeft(left) : '';
  });
  const urgent = useServerTimeValue(offsetMs, (now) => countdownTone(Date.parse(endsAt) - now) === 'urgent');
  return (
    <span
      className={`kw-rug-card__aside kw-rug-card__aside--countdown${urgent ? ' kw-rug-card__aside--urgent' : ''}`}
    >
      {time ? t('card.timeLeft', { time }) : t('card.closing')}
    </span>
  );
}

/** The price line a card shows: what one would pay or bid now, or what the house expects. */
function PriceLine({ rug, offsetMs }: { rug: RugSummary; offsetMs: number }) {
  const { t } = useTranslation('catalogue');
  const timeZone = useTimeZone();
  const lot = rug.lot;
  let label: string;
  let amount: string | null;
  // The same price in the visitor's currency (cents, and an estimate's high end).
  let approx: [number, number?] | null = null;
  let aside: ReactNode = null;

  if (rug.availability === 'open' && lot) {
    label = lot.currentBid !== null ? t('card.currentBid') : t('card.openingBid');
    amount = formatUsd(lot.currentBid ?? lot.openingBid);
    approx = [lot.currentBid ?? lot.openingBid];
    aside = <LotCountdown endsAt={lot.endsAt} offsetMs={offsetMs} />;
  } else if (rug.availability === 'buyNow') {
    label = t('card.buyNow');
    amount = formatUsd(rug.fixedPrice ?? lot?.buyNowPrice ?? rug.price);
    approx = [rug.fixedPrice ?? lot?.buyNowPrice ?? rug.price];
  } else if (rug.availability === 'sold') {
    label = lot?.hammerPrice ? t('card.soldFor') : t('card.sold');
    amount = lot?.hammerPrice ? formatUsd(lot.hammerPrice) : null;
    approx = lot?.hammerPrice ? [lot.hammerPrice] : null;
  } else {
    label = t('card.estimate');
    amount = formatEstimate(rug.estimateLow, rug.estimateHigh);
    approx = [rug.estimateLow, rug.estimateHigh];
    if (rug.availability === 'upcoming' && lot) {
      aside = (
        <span className="kw-rug-card__aside">
          {t('card.opens', { date: formatDayMonth(lot.startsAt, timeZone) })}
        </span>
      );
    }
  }

  return (
    <div className="kw-rug-card__price-line">
      <div className="kw-rug-card__price-figures">
        <p className="kw-rug-card__price-label">{label}</p>
        {amount && <p className="kw-rug-card__amount">{amount}</p>}
        {approx && <Approx cents={approx[0]} high={approx[1]} block />}
      </div>
      {aside}
    </div>
  );
}

/** Material's Favorite and FavoriteBorder drawings, inline: no icon component per card. */
const HEART =
  'm12 21.35-1.45-1.32C5.4 15.36 2 12.28 2 8.5 2 5.42 4.42 3 7.5 3c1.74 0 3.41.81 4.5 2.09C13.09 3.81 14.76 3 16.5 3 19.58 3 22 5.42 22 8.5c0 3.78-3.4 6.86-8.55 11.54z';
const HEART_OUTLINE =
  'M16.5 3c-1.74 0-3.41.81-4.5 2.09C10.91 3.81 9.24 3 7.5 3 4.42 3 2 5.42 2 8.5c0 3.78 3.4 6.86 8.55 11.54L12 21.35l1.45-1.32C18.6 15.36 22 12.28 22 8.5 22 5.42 19.58 3 16.5 3m-4.4 15.55-.1.1-.1-.1C7.14 14.24 4 11.39 4 8.5 4 6.5 5.5 5 7.5 5c1.54 0 3.04.99 3.57 2.36h1.87C13.46 5.99 14.96 5 16.5 5c2 0 3.5 1.5 3.5 3.5 0 2.89-3.14 5.74-7.9 10.05';

const BADGE_KEYS = {
  open: 'card.badge.open',
  upcoming: 'card.badge.upcoming',
  buyNow: 'card.badge.buyNow',
  sold: 'card.badge.sold',
} as const;

export interface RugCardProps {
  rug: RugSummary;
  /** serverNow - Date.now() measured when the data arrived (see features/catalogue/api/get-rugs.ts). */
  clockOffsetMs?: number;
  /** The `sizes` attribute for the picture: how wide the card renders at each breakpoint. */
  sizes?: string;
  /** Load the picture at once (the first row of a listing). */
  eager?: boolean;
  /** Where the card leads; the rug's detail page by default. */
  to?: string;
  /** The title's heading level: h2 in a list under the page's h1, h3 under a section heading. */
  headingComponent?: 'h2' | 'h3';
  /** The heart: omitted, no heart is shown. */
  liked?: boolean;
  onToggleLike?: () => void;
}

/**
 * A rug in a grid: the picture first, then where and when it was woven, its size in the visitor's unit and what
 * it costs now. The title is the card's one link (stretched over the whole card), so a screen reader hears the
 * rug's name, and the heart stays a separate button above it.
 */
export function RugCard({
  rug,
  clockOffsetMs = 0,
  sizes = '(min-width: 1200px) 22vw, (min-width: 900px) 30vw, (min-width: 600px) 45vw, 92vw',
  eager = false,
  to,
  headingComponent = 'h2',
  liked,
  onToggleLike,
}: RugCardProps) {
  const { t } = useTranslation('catalogue');
  const { unit } = useSizeUnit();
  const href = to ?? paths.rug.href(rug.slug);
  // "Live auction" only for a live sale's lot: a timed sale's open lot is "open for bidding" (issue 24).
  const badge =
    rug.availability === 'available'
      ? null
      : rug.availability === 'open' && rug.lot?.auctionType === 'live'
        ? t('card.badge.live')
        : t(BADGE_KEYS[rug.availability]);
  // The short word ("Antique"), not the filter's definition ("Antique (100+ years)"): the year follows anyway.
  const ageWord = t(`card.age.${rug.ageClass}`);
  const age = rug.circaYear ? t('card.ageCirca', { age: ageWord, year: rug.circaYear }) : ageWord;

  const Heading = headingComponent;
  return (
    <article className="kw-rug-card">
      <div className="kw-rug-card__media">
        {rug.image ? (
          <ResponsiveImage
            image={rug.image}
            sizes={sizes}
            alt={rug.image.alt ?? rug.title}
            eager={eager}
            aspectRatio="4 / 5"
          />
        ) : (
          <div role="img" aria-label={rug.title} className="kw-rug-card__pattern">
            <RugPattern seed={rug.slug} orientation="portrait" style={{ width: '78%', maxHeight: '100%' }} />
          </div>
        )}
        {badge && (
          <span
            className={`kw-rug-card__badge${rug.availability === 'open' ? ' kw-rug-card__badge--open' : ''}`}
          >
            {badge}
          </span>
        )}
      </div>

      {onToggleLike && (
        // The hint for mouse users is drawn by CSS (data-tip): an MUI Tooltip per card cost a phone's main thread
        // a long task when two dozen of them mounted at once (issue 9). The button has its own accessible name.
        <button
          type="button"
          className="kw-rug-card__like"
          onClick={onToggleLike}
          aria-pressed={Boolean(liked)}
          aria-label={t('card.likeLabel', { title: rug.title })}
          data-tip={liked ? t('card.unlike') : t('card.like')}
        >
          <svg viewBox="0 0 24 24" aria-hidden focusable="false">
            <path d={liked ? HEART : HEART_OUTLINE} />
          </svg>
        </button>
      )}

      <div className="kw-rug-card__body">
        <p className="kw-rug-card__origin">
          {[rug.originRegion, rug.originCountry].filter(Boolean).join(' · ')}
        </p>
        <Heading className="kw-rug-card__title">
          <RouterLink to={href} className="kw-rug-card__link">
            {rug.title}
          </RouterLink>
        </Heading>
        <p className="kw-rug-card__facts">
          {/* Feet and inches are read left to right in any language: 12'9" would otherwise turn into "9'12. */}
          <bdi dir="ltr">{formatSize(rug.widthCm, rug.lengthCm, unit)}</bdi>
          <span aria-hidden className="kw-rug-card__dot">
            ·
          </span>
          {age}
        </p>
        <div className="kw-rug-card__price">
          <PriceLine rug={rug} offsetMs={clockOffsetMs} />
        </div>
      </div>
    </article>
  );
}

/** The card's shape while the list loads. */
export function RugCardSkeleton() {
  return (
    <div aria-hidden>
      <span className="kw-skeleton kw-skeleton--picture" />
      <span className="kw-skeleton" style={{ width: '40%', marginTop: '1rem' }} />
      <span className="kw-skeleton" style={{ width: '85%', fontSize: '1.1rem' }} />
      <span className="kw-skeleton" style={{ width: '60%' }} />
      <span className="kw-skeleton" style={{ width: '50%', marginTop: '0.75rem', fontSize: '1.2rem' }} />
    </div>
  );
}
