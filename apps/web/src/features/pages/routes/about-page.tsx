import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths.ts';
import { ArticleBody } from '@/components/ui/article-body.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { PageContainer } from '@/components/ui/page-container.tsx';
import { RugPattern } from '@/components/ui/rug-pattern.tsx';
import { SectionHeading } from '@/components/ui/section-heading.tsx';
import { CareersSection } from '../components/careers-section.tsx';
import { NotifyForm } from '../components/notify-form.tsx';
import { TestimonialsSection } from '../components/testimonials-section.tsx';
import { useAbout } from '../api/get-about.ts';

const principles = ['provenance', 'condition', 'care'] as const;
const milestones = ['y2010', 'y2014', 'y2018', 'y2023'] as const;

/**
 * /about-us: the house since 2010, what it promises buyers, its milestones, what buyers say
 * (/misc/testimonials), open positions (/misc/careers) and a sign-up for news of new auctions (/auth/notify).
 */
export function AboutPage() {
  const { t } = useTranslation('content');
  return (
    <>
      <PageHeader overline={t('about.overline')} title={t('about.title')} intro={t('about.intro')} />
      <PageContainer
        sx={{
          py: { xs: 14, md: 22 },
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: '6fr 5fr' },
          gap: { xs: 10, md: 20 },
          alignItems: 'center',
        }}
      >
        <Story />
        <Box
          sx={{
            aspectRatio: '2 / 3',
            maxWidth: 400,
            width: '100%',
            justifySelf: 'center',
            filter: 'drop-shadow(0 20px 36px rgba(43,28,20,0.18))',
          }}
        >
          <RugPattern seed="about-serapi" />
        </Box>
      </PageContainer>
      <Box
        component="section"
        aria-labelledby="principles-title"
        sx={{ bgcolor: 'background.subtle', py: { xs: 14, md: 22 } }}
      >
        <PageContainer>
          <SectionHeading
            id="principles-title"
            overline={t('about.principles.overline')}
            title={t('about.principles.title')}
          />
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, gap: 10 }}>
            {principles.map((k) => (
              <Box key={k} sx={{ borderTop: 2, borderColor: 'text.primary', pt: 6 }}>
                <Typography variant="h5" component="h3">
                  {t(`about.principles.${k}.title`)}
                </Typography>
                <Typography variant="body2" sx={{ color: 'text.secondary', mt: 3 }}>
                  {t(`about.principles.${k}.body`)}
                </Typography>
              </Box>
            ))}
          </Box>
        </PageContainer>
      </Box>
      <PageContainer component="section" aria-labelledby="milestones-title" sx={{ py: { xs: 14, md: 22 } }}>
        <SectionHeading
          id="milestones-title"
          overline={t('about.milestones.overline')}
          title={t('about.milestones.title')}
        />
        <Box
          component="ol"
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' },
            gap: 10,
          }}
        >
          {milestones.map((k) => (
            <Box component="li" key={k}>
              <Typography sx={{ fontSize: '2.2rem', fontWeight: 300, color: 'accent.dark' }}>
                {t(`about.milestones.${k}.year`)}
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary', mt: 2 }}>
                {t(`about.milestones.${k}.body`)}
              </Typography>
            </Box>
          ))}
        </Box>
        <Box sx={{ mt: 16, display: 'flex', gap: 4, flexWrap: 'wrap' }}>
          <Button component={RouterLink} to={paths.contactUs.href()} variant="contained" size="large">
            {t('about.speakToSpecialist')}
          </Button>
          <Button
            component={RouterLink}
            to={paths.collections.href()}
            variant="outlined"
            color="inherit"
            size="large"
          >
            {t('about.exploreCollections')}
          </Button>
        </Box>
      </PageContainer>
      <TestimonialsSection />
      <CareersSection />
      <PageContainer sx={{ pb: { xs: 14, md: 22 } }}>
        <NotifyForm />
      </PageContainer>
    </>
  );
}

export default AboutPage;

/**
 * The house's story as staff wrote it (back office > Content > Pages > About, /auth/about); the built-in translated
 * story while it loads fails or was never written.
 */
function Story() {
  const { t } = useTranslation('content');
  const { data, isPending } = useAbout();
  if (isPending)
    return (
      <Box role="status" aria-busy="true" aria-label={t('about.story.title')}>
        <Skeleton variant="text" sx={{ fontSize: '2.4rem' }} width="50%" />
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} variant="text" />
        ))}
      </Box>
    );
  return (
    <Box>
      <Typography variant="h3" component="h2">
        {data?.title ?? t('about.story.title')}
      </Typography>
      {data ? (
        <ArticleBody
          html={data.html}
          data-testid="about-story"
          sx={{ mt: 5, color: 'text.secondary', fontSize: '1rem' }}
        />
      ) : (
        (['p1', 'p2', 'p3'] as const).map((p) => (
          <Typography key={p} variant="body1" sx={{ color: 'text.secondary', mt: 5 }}>
            {t(`about.story.${p}`)}
          </Typography>
        ))
      )}
    </Box>
  );
}
