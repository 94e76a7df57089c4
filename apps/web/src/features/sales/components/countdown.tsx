import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatTimeLeft } from '@/lib/format.ts';
import { useServerNow } from '@/lib/server-clock.ts';

/** Time left until `endsAt` on the server's clock; red in the last hour, "Closing" once it has passed. */
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
        color: left < 3_600_000 ? 'error.main' : 'text.primary',
      }}
    >
      {left > 0 ? t('lot.timeLeft', { time: formatTimeLeft(left) }) : t('lot.closing')}
    </Typography>
  );
}
