import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { useHouseSettings, type HouseSettings } from '../api/settings.ts';

/** One card of the Settings page: a titled section with its intro. */
export function SettingsCard({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro: string;
  children: ReactNode;
}) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={`${id}-title`}
      sx={{ p: { xs: 4, md: 6 }, display: 'grid', gap: 4, minWidth: 0 }}
    >
      <Box>
        <Typography id={`${id}-title`} variant="h6" component="h2">
          {title}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {intro}
        </Typography>
      </Box>
      {children}
    </Paper>
  );
}

/**
 * A section over GET /admin/settings: loading and error states, then the form with the settings as they apply
 * now. The form is keyed on the value so a save (or another admin's change) starts it afresh.
 */
export function HouseSettingsCard({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro: string;
  children: (settings: HouseSettings) => ReactNode;
}) {
  const { t } = useTranslation('admin');
  const settings = useHouseSettings();
  return (
    <SettingsCard id={id} title={title} intro={intro}>
      {settings.isLoading ? (
        <Box
          role="status"
          aria-label={t('common.loading')}
          sx={{ display: 'grid', placeItems: 'center', py: 6 }}
        >
          <CircularProgress size={24} aria-label={t('common.loading')} />
        </Box>
      ) : settings.isError || !settings.data ? (
        <ErrorState
          message={t('common.loadFailed')}
          retryLabel={t('common.retry')}
          onRetry={() => void settings.refetch()}
        />
      ) : (
        children(settings.data)
      )}
    </SettingsCard>
  );
}

/** The section's save button, or for a role that only reads, why there is none. */
export function SaveRow({ manage, pending }: { manage: boolean; pending: boolean }) {
  const { t } = useTranslation('admin-settings');
  return manage ? (
    <Box>
      <Button type="submit" variant="contained" disabled={pending}>
        {t('save')}
      </Button>
    </Box>
  ) : (
    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
      {t('readOnly')}
    </Typography>
  );
}
