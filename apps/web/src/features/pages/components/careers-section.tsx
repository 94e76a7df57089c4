import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import ExpandMore from '@mui/icons-material/ExpandMore';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import WorkOutline from '@mui/icons-material/WorkOutline';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths.ts';
import { PageContainer } from '@/components/ui/page-container.tsx';
import { SectionHeading } from '@/components/ui/section-heading.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { errorMessage } from '@/lib/error-message.ts';
import { radius } from '@/lib/theme.ts';
import { useCareers } from '../api/get-careers.ts';

/** Open positions: title, place and type at a glance, the description on demand, and how to apply. */
export function CareersSection() {
  const { t } = useTranslation('content');
  const careers = useCareers();
  return (
    <PageContainer component="section" aria-labelledby="careers-title" sx={{ py: { xs: 14, md: 22 } }}>
      <SectionHeading
        id="careers-title"
        overline={t('about.careers.overline')}
        title={t('about.careers.title')}
        description={t('about.careers.intro')}
      />
      {careers.isError ? (
        <ErrorState
          message={errorMessage(careers.error, t('about.careers.loadError'))}
          retryLabel={t('retry')}
          onRetry={() => void careers.refetch()}
        />
      ) : !careers.data ? (
        <Box aria-busy="true">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} variant="rounded" height={72} sx={{ mb: 3 }} />
          ))}
        </Box>
      ) : careers.data.length === 0 ? (
        <Box
          sx={{
            p: { xs: 6, md: 8 },
            border: 1,
            borderColor: 'divider',
            borderRadius: `${radius.card}px`,
            display: 'flex',
            alignItems: 'center',
            gap: 4,
            flexWrap: 'wrap',
          }}
        >
          <WorkOutline aria-hidden sx={{ color: 'accent.dark' }} />
          <Typography sx={{ flex: 1, minWidth: 220 }}>{t('about.careers.empty')}</Typography>
          <Button component={RouterLink} to={paths.contactUs.href()} variant="outlined" color="inherit">
            {t('about.careers.writeToUs')}
          </Button>
        </Box>
      ) : (
        <Box sx={{ borderTop: 1, borderColor: 'divider' }}>
          {careers.data.map((job) => (
            <Accordion
              key={job.id}
              disableGutters
              slotProps={{ heading: { component: 'h3' } }}
              sx={{
                bgcolor: 'transparent',
                boxShadow: 'none',
                borderBottom: 1,
                borderColor: 'divider',
                '&::before': { display: 'none' },
              }}
            >
              <AccordionSummary expandIcon={<ExpandMore />} sx={{ px: 0, py: 3 }}>
                <Box
                  sx={{
                    display: 'flex',
                    flexWrap: 'wrap',
                    alignItems: 'center',
                    columnGap: 6,
                    rowGap: 2,
                    pr: 4,
                  }}
                >
                  <Typography variant="h6" component="span" sx={{ fontWeight: 600 }}>
                    {job.title}
                  </Typography>
                  <Typography
                    variant="body2"
                    component="span"
                    sx={{ color: 'text.secondary', display: 'inline-flex', alignItems: 'center', gap: 1 }}
                  >
                    <PlaceOutlined fontSize="small" aria-hidden />
                    {job.location}
                  </Typography>
                  <Chip
                    size="small"
                    label={t(`about.careers.type.${job.type}`, { defaultValue: job.type })}
                    variant="outlined"
                  />
                </Box>
              </AccordionSummary>
              <AccordionDetails sx={{ px: 0, pb: 8 }}>
                {job.description.split(/\n\s*\n/).map((para, i) => (
                  <Typography
                    key={i}
                    variant="body1"
                    sx={{ color: 'text.secondary', maxWidth: '68ch', mb: 4 }}
                  >
                    {para}
                  </Typography>
                ))}
                <Button component={RouterLink} to={paths.contactUs.href()} variant="contained" sx={{ mt: 2 }}>
                  {t('about.careers.apply')}
                </Button>
              </AccordionDetails>
            </Accordion>
          ))}
        </Box>
      )}
    </PageContainer>
  );
}
