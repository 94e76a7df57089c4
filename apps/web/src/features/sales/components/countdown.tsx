import Typography from '@mui/material/Typography';
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
  return (
    <Typography
      component="span"
      variant="body2"
      data-testid="countdown"
      sx={{
        fontVariantNumeric: 'tabular-nums',
        whiteSpace: 'nowrap',
        fontWeight: 500,
        color: { urgent: 'error.main', soon: 'warning.dark', calm: 'text.primary' }[countdownTone(left)],
      }}
    >
      {left > 0 ? t('lot.timeLeft', { time: formatTimeLeft(left) }) : t('lot.closing')}
    </Typography>
  );
}
