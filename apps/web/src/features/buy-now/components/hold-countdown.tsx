import { useSyncExternalStore } from 'react';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

const subscribe = (listener: () => void) => {
  const timer = setInterval(listener, 1000);
  return () => clearInterval(timer);
};
const snapshot = () => Math.floor(Date.now() / 1000);

/** Minutes and seconds left on a fixed-price hold, on the server's clock (`offsetMs`). */
export function HoldCountdown({ until, offsetMs }: { until: string; offsetMs: number }) {
  const { t } = useTranslation('bidding');
  const nowSeconds = useSyncExternalStore(subscribe, snapshot);
  const left = Math.max(0, Date.parse(until) - (nowSeconds * 1000 + offsetMs));
  const m = Math.floor(left / 60_000);
  const s = Math.floor((left % 60_000) / 1000);
  return (
    <Typography
      component="p"
      data-testid="hold-countdown"
      role="timer"
      sx={{
        fontSize: '1.4rem',
        fontWeight: 600,
        fontVariantNumeric: 'tabular-nums',
        color: left < 120_000 ? 'error.main' : 'text.primary',
      }}
    >
      {left > 0
        ? t('purchase.holdLeft', { time: `${m}:${String(s).padStart(2, '0')}` })
        : t('purchase.holdOver')}
    </Typography>
  );
}
