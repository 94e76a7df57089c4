import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { paths } from '@/config/paths.ts';
import { useIdentityStatus } from '../api/identity-status.ts';

/** Profile > Identity check: where the buyer stands in one line, and the way to the page. */
export function IdentityLink() {
  const { t } = useTranslation('payments');
  const status = useIdentityStatus().data;
  const line = !status
    ? t('identity.profileIntro')
    : status.approved
      ? t('identity.short.approved')
      : status.status === 'pending'
        ? t('identity.short.pending')
        : status.required || status.status === 'rejected'
          ? t('identity.short.required')
          : t('identity.profileIntro');
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="identity-check-title"
      sx={{ p: { xs: 5, md: 8 }, mb: { xs: 8, md: 10 } }}
    >
      <Typography variant="h5" component="h2" id="identity-check-title" sx={{ mb: 2 }}>
        {t('identity.title')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 5, maxWidth: 640 }}>{line}</Typography>
      <Button variant="outlined" component={RouterLink} to={paths.identityCheck.href()}>
        {t('identity.open')}
      </Button>
    </Paper>
  );
}
