import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import {
  kindChannels,
  notificationChannels,
  notificationKinds,
  type NotificationChannel,
  type NotificationKind,
  type NotificationSettings,
} from '@knotwork/shared/schemas/notification-settings';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { PageContainer } from '@/components/ui/page-container.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { paths } from '@/config/paths.ts';
import { errorMessage } from '@/lib/error-message.ts';
import { notify } from '@/lib/toast.ts';
import { useNotificationSettings, useSaveNotificationSettings } from '../api/notification-settings.ts';

/** Every switch a kind uses is off: the page says plainly that nothing will reach the collector. */
const everythingOff = (s: NotificationSettings) =>
  notificationKinds.every((kind) => kindChannels[kind].every((channel) => !s[kind][channel]));

/**
 * /profile/notifications (decision 075): what reaches the collector, per kind (outbid, lot opening, ending soon,
 * results, orders, saved searches, messages) and channel (e-mail, push, on the site), saved with one button.
 */
export default function NotificationSettingsPage() {
  const { t } = useTranslation('notifications');
  const query = useNotificationSettings();
  const save = useSaveNotificationSettings();
  const [draft, setDraft] = useState<NotificationSettings | null>(null);

  // The server's answer starts (or, after a save, restarts) the form.
  useEffect(() => {
    if (query.data) setDraft(query.data.settings);
  }, [query.data]);

  const dirty =
    draft !== null &&
    query.data !== undefined &&
    JSON.stringify(draft) !== JSON.stringify(query.data.settings);
  const toggle = (kind: NotificationKind, channel: NotificationChannel, on: boolean) =>
    setDraft((d) => (d ? { ...d, [kind]: { ...d[kind], [channel]: on } } : d));

  return (
    <>
      <PageHeader overline={t('overline')} title={t('settings.title')} intro={t('settings.intro')} />
      <PageContainer sx={{ py: { xs: 8, md: 12 } }}>
        <Box sx={{ maxWidth: 880 }} data-testid="notification-settings">
          {query.isPending && (
            <Box aria-busy="true" aria-label={t('settings.loading')}>
              {notificationKinds.map((kind) => (
                <Skeleton key={kind} variant="rounded" height={88} sx={{ mb: 3 }} />
              ))}
            </Box>
          )}
          {query.isError && (
            <ErrorState
              message={t('settings.loadFailed', { reason: errorMessage(query.error) })}
              retryLabel={t('retry')}
              onRetry={() => void query.refetch()}
            />
          )}
          {draft && (
            <form
              onSubmit={(e) => {
                e.preventDefault();
                save.mutate(draft, {
                  onSuccess: () => notify.success(t('settings.saved')),
                  onError: (error) => notify.fromError(error),
                });
              }}
            >
              {everythingOff(draft) && (
                <Alert severity="info" variant="outlined" sx={{ mb: 4 }} data-testid="settings-all-off">
                  {t('settings.allOff')}
                </Alert>
              )}
              <Paper variant="outlined" component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
                {notificationKinds.map((kind, index) => (
                  <Box
                    component="li"
                    key={kind}
                    data-kind={kind}
                    sx={{
                      display: 'flex',
                      flexDirection: { xs: 'column', md: 'row' },
                      alignItems: { md: 'center' },
                      gap: { xs: 2, md: 6 },
                      px: { xs: 4, md: 6 },
                      py: 4,
                      borderTop: index === 0 ? 0 : 1,
                      borderColor: 'divider',
                    }}
                  >
                    <Box sx={{ flex: 1, minWidth: 0 }}>
                      <Typography component="h2" variant="subtitle1" id={`kind-${kind}`}>
                        {t(`settings.kinds.${kind}.label`)}
                      </Typography>
                      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                        {t(`settings.kinds.${kind}.hint`)}
                      </Typography>
                    </Box>
                    <Box
                      role="group"
                      aria-labelledby={`kind-${kind}`}
                      sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 4, rowGap: 0, flexShrink: 0 }}
                    >
                      {notificationChannels
                        .filter((channel) => kindChannels[kind].includes(channel))
                        .map((channel) => (
                          <FormControlLabel
                            key={channel}
                            sx={{ m: 0, minWidth: { md: 120 } }}
                            control={
                              <Switch
                                checked={draft[kind][channel]}
                                onChange={(e) => toggle(kind, channel, e.target.checked)}
                                slotProps={{
                                  input: {
                                    'aria-label': t('settings.switchLabel', {
                                      kind: t(`settings.kinds.${kind}.label`),
                                      channel: t(`settings.channels.${channel}`),
                                    }),
                                  },
                                }}
                              />
                            }
                            label={t(`settings.channels.${channel}`)}
                          />
                        ))}
                    </Box>
                  </Box>
                ))}
              </Paper>
              <Typography variant="body2" sx={{ color: 'text.secondary', mt: 4 }}>
                {t('settings.note')}
              </Typography>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, mt: 6 }}>
                <Button type="submit" variant="contained" disabled={!dirty || save.isPending}>
                  {save.isPending ? t('settings.saving') : t('settings.save')}
                </Button>
                <Button
                  color="inherit"
                  disabled={!dirty || save.isPending}
                  onClick={() => query.data && setDraft(query.data.settings)}
                >
                  {t('settings.undo')}
                </Button>
                <Button component={RouterLink} to={paths.profile.href()} color="inherit">
                  {t('settings.back')}
                </Button>
              </Box>
            </form>
          )}
        </Box>
      </PageContainer>
    </>
  );
}
