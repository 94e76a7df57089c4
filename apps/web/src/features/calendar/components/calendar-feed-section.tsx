import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { notify } from '@/lib/toast.ts';
import { errorMessage } from '@/lib/error-message.ts';
import { useCalendarFeed, useRegenerateCalendarFeed } from '../api/calendar-feed.ts';

/**
 * Profile > Calendar: the secret feed URL of the lots the collector watches or bids on, to subscribe to in a
 * calendar app; a new link makes the old one stop working (for a link shared by mistake).
 */
export function CalendarFeedSection() {
  const { t } = useTranslation('calendar');
  const feed = useCalendarFeed();
  const regenerate = useRegenerateCalendarFeed();
  const [confirming, setConfirming] = useState(false);

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      notify.success(t('copied'));
    } catch {
      notify.error(t('copyFailed'));
    }
  };

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="calendar-feed-title"
      data-testid="calendar-feed"
      sx={{ p: { xs: 5, md: 8 }, mb: { xs: 8, md: 10 } }}
    >
      <Typography variant="h5" component="h2" id="calendar-feed-title" sx={{ mb: 2 }}>
        {t('title')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 5, maxWidth: 640 }}>{t('intro')}</Typography>
      {feed.isPending && <Skeleton variant="rounded" height={56} />}
      {feed.isError && (
        <ErrorState
          message={t('error', { reason: errorMessage(feed.error) })}
          retryLabel={t('retry')}
          onRetry={() => void feed.refetch()}
        />
      )}
      {feed.data && (
        <>
          <TextField
            label={t('urlLabel')}
            value={feed.data.url}
            fullWidth
            slotProps={{
              htmlInput: {
                readOnly: true,
                dir: 'ltr',
                onFocus: (e: React.FocusEvent<HTMLInputElement>) => e.target.select(),
              },
            }}
          />
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, mt: 4 }}>
            <Button variant="contained" component="a" href={feed.data.webcalUrl}>
              {t('subscribe')}
            </Button>
            <Button variant="outlined" color="inherit" onClick={() => void copy(feed.data.url)}>
              {t('copy')}
            </Button>
            {confirming ? (
              <Button
                color="error"
                variant="outlined"
                disabled={regenerate.isPending}
                onClick={() =>
                  regenerate.mutate(undefined, {
                    onSuccess: () => {
                      notify.success(t('regenerated'));
                      setConfirming(false);
                    },
                    onError: (error) => notify.fromError(error),
                  })
                }
              >
                {t('confirmRegenerate')}
              </Button>
            ) : (
              <Button color="inherit" onClick={() => setConfirming(true)}>
                {t('regenerate')}
              </Button>
            )}
          </Box>
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 3 }}>
            {t('note')}
          </Typography>
        </>
      )}
    </Paper>
  );
}
