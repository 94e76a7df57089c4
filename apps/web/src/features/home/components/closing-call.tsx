import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths.ts';
import { PageContainer } from '@/components/ui/page-container.tsx';

/** The closing invitation on a dark band: talk to a specialist, or go to the next sale. */
export function ClosingCall() {
  const { t } = useTranslation();
  return (
    <Box
      component="section"
      aria-labelledby="closing-title"
      sx={{
        bgcolor: (th) => (th.palette.mode === 'dark' ? 'background.paper' : '#14120F'),
        borderBlock: (th) => (th.palette.mode === 'dark' ? `1px solid ${th.palette.divider}` : 'none'),
        color: '#F3EEE6',
        py: { xs: 16, md: 24 },
      }}
    >
      <PageContainer sx={{ textAlign: 'center', maxWidth: 860 }}>
        <Typography variant="overline" component="p" sx={{ color: 'accent.light', mb: 3 }}>
          {t('home.closing.overline')}
        </Typography>
        <Typography variant="h2" id="closing-title">
          {t('home.closing.title')}
        </Typography>
        <Typography
          variant="body1"
          sx={{ color: 'rgba(243,238,230,0.72)', mt: 6, mx: 'auto', maxWidth: 600 }}
        >
          {t('home.closing.body')}
        </Typography>
        <Box sx={{ display: 'flex', gap: 4, mt: 10, justifyContent: 'center', flexWrap: 'wrap' }}>
          <Button
            component={RouterLink}
            to={paths.contactUs.href()}
            variant="contained"
            size="large"
            sx={{ bgcolor: '#F3EEE6', color: '#14120F', '&:hover': { bgcolor: '#FFFFFF' } }}
          >
            {t('actions.speakToSpecialist')}
          </Button>
          <Button
            component={RouterLink}
            to={paths.upcomingAuctions.href()}
            variant="outlined"
            size="large"
            sx={{
              color: '#F3EEE6',
              borderColor: 'rgba(243,238,230,0.4)',
              '&:hover': { borderColor: '#F3EEE6' },
            }}
          >
            {t('actions.viewUpcomingAuctions')}
          </Button>
        </Box>
      </PageContainer>
    </Box>
  );
}
