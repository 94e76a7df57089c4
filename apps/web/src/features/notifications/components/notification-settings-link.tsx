import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { paths } from '@/config/paths.ts';

/** Profile > Notifications: what the settings page is for, and the way there. */
export function NotificationSettingsLink() {
  const { t } = useTranslation('notifications');
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="notification-settings-title"
      sx={{ p: { xs: 5, md: 8 }, mb: { xs: 8, md: 10 } }}
    >
      <Typography variant="h5" component="h2" id="notification-settings-title" sx={{ mb: 2 }}>
        {t('settings.title')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 5, maxWidth: 640 }}>
        {t('settings.profileIntro')}
      </Typography>
      <Button variant="outlined" component={RouterLink} to={paths.notificationSettings.href()}>
        {t('settings.open')}
      </Button>
    </Paper>
  );
}
