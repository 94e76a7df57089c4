import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths.ts';
import '@/styles/bid-live.css';

/**
 * "Bid live now": the way into a live sale's room (`/live/:id`) while it runs (issue 24 section 4), on the sale
 * page, a live sale's lot cards and lot pages, the calendar and My Items. Plain CSS (a sale page draws dozens of
 * cards); `context` (the sale or the lot) follows the words for a screen reader when several are on one page.
 */
export function BidLiveLink({
  saleId,
  size = 'medium',
  block = false,
  context,
}: {
  saleId: string;
  size?: 'small' | 'medium';
  block?: boolean;
  context?: string;
}) {
  const { t } = useTranslation('common');
  const classes = ['kw-button', 'kw-button--contained', 'kw-bid-live'];
  if (size === 'small') classes.push('kw-button--small');
  if (block) classes.push('kw-bid-live--block');
  return (
    <RouterLink
      to={paths.live.href(saleId)}
      className={classes.join(' ')}
      aria-label={context ? `${t('live.bidLiveNow')}: ${context}` : undefined}
      data-testid="bid-live-now"
    >
      <span className="kw-bid-live__dot" aria-hidden />
      {t('live.bidLiveNow')}
    </RouterLink>
  );
}

/** "This sale is happening now in the live room": said plainly on a lot's page while its sale runs. */
export function LiveNowNote() {
  const { t } = useTranslation('common');
  return (
    <p className="kw-live-now-note" data-testid="live-now-note">
      <span className="kw-bid-live__dot" aria-hidden />
      {t('live.happeningNow')}
    </p>
  );
}
