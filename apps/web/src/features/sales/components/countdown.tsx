import { useTranslation } from 'react-i18next';
import { countdownTone } from '@knotwork/shared/bidding/countdown';
import { formatTimeLeft } from '@/lib/format.ts';
import { useServerNow } from '@/lib/server-clock.ts';

/**
 * Time left until `endsAt` on the server's clock, amber in the last 10 minutes and red in the last 2 (the shared
 * countdown tone, as on the lot page), "Closing" once it has passed.
 */
export function Countdown({
  endsAt,
  serverNow,
  receivedAt,
}: {
  endsAt: string;
  serverNow: string;
  receivedAt: number;
}) {
  const { t } = useTranslation('sales');
  const now = useServerNow(serverNow, receivedAt);
  const left = Date.parse(endsAt) - now;
  const tone = countdownTone(left);
  return (
    <span
      data-testid="countdown"
      className={`kw-rug-card__aside kw-rug-card__aside--countdown kw-rug-card__aside--${tone}`}
    >
      {left > 0 ? t('lot.timeLeft', { time: formatTimeLeft(left) }) : t('lot.closing')}
    </span>
  );
}
