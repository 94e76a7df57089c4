import { useTranslation } from 'react-i18next';
import { countdownTone } from '@knotwork/shared/bidding/countdown';
import { formatTimeLeft } from '@/lib/format.ts';
import { useServerNowValue } from '@/lib/server-clock.ts';

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
  // The words and tone, re-rendered only when they change (once a second at most).
  const shown = useServerNowValue(serverNow, receivedAt, (now) => {
    const left = Date.parse(endsAt) - now;
    return `${countdownTone(left)}|${left > 0 ? formatTimeLeft(left) : ''}`;
  });
  const [tone, time] = shown.split('|') as [string, string];
  return (
    <span
      data-testid="countdown"
      className={`kw-rug-card__aside kw-rug-card__aside--countdown kw-rug-card__aside--${tone}`}
    >
      {time ? t('lot.timeLeft', { time }) : t('lot.closing')}
    </span>
  );
}
