import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDateTimeNoYear, formatTimeLeft } from '@/lib/format.ts';
import { countdownTone } from '@knotwork/shared/bidding/countdown';
import { useServerTimeValue } from '@/lib/server-clock.ts';
import { useTimeZone } from '@/lib/time-zone.ts';

/**
 * Time left on the server's clock, amber in the last 10 minutes and red in the last 2. `data-tone` lets tests
 * and styles read the state without parsing colours.
 */
export function LotCountdown({ endsAt, offsetMs }: { endsAt: string; offsetMs: number }) {
  const { t } = useTranslation('bidding');
  const timeZone = useTimeZone();
  const end = Date.parse(endsAt);
  // Its own clock, re-rendered when the words or the tone change (once a second), not the whole lot panel.
  const shown = useServerTimeValue(
    offsetMs,
    (now) => `${countdownTone(end - now)}|${formatTimeLeft(end - now)}`,
  );
  const [tone, time] = shown.split('|') as [ReturnType<typeof countdownTone>, string];
  const color = tone === 'urgent' ? 'error.main' : tone === 'soon' ? 'warning.dark' : 'text.primary';
  return (
    <Box>
      <Typography
        component="p"
        data-testid="lot-countdown"
        data-tone={tone}
        role="timer"
        aria-live="off"
        sx={{
          fontSize: '1.5rem',
          fontWeight: 600,
          fontVariantNumeric: 'tabular-nums',
          color,
          display: 'flex',
          alignItems: 'center',
          gap: 1,
        }}
      >
        {tone === 'urgent' && (
          // The pulse is on a dot beside the text: fading the text itself dropped it below the contrast minimum
          // for half of every second.
          <Box
            component="span"
            aria-hidden
            sx={{
              width: 10,
              height: 10,
              borderRadius: '50%',
              bgcolor: 'error.main',
              flexShrink: 0,
              animation: 'kw-pulse 1s ease-in-out infinite',
              '@keyframes kw-pulse': { '50%': { opacity: 0.25 } },
              '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
            }}
          />
        )}
        {t('countdown.left', { time })}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('countdown.closesAt', { date: formatDateTimeNoYear(end, timeZone) })}
      </Typography>
    </Box>
  );
}
