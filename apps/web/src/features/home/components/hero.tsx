import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths.ts';
import { PageContainer } from '@/components/ui/page-container.tsx';
import { RugPattern } from '@/components/ui/rug-pattern.tsx';
import { radius } from '@/lib/theme.ts';

/** The landing hero: the promise on one side, a woven rug on the other, laid on a stone panel. */
export function Hero() {
  const { t } = useTranslation();
  return (
    <Box component="section" aria-labelledby="hero-title" sx={{ position: 'relative', overflow: 'hidden' }}>
      <PageContainer
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: '1.1fr 0.9fr' },
          alignItems: 'center',
          gap: { xs: 12, md: 16 },
          py: { xs: 12, md: 20 },
        }}
      >
        <Box>
          <Typography variant="overline" component="p" sx={{ color: 'accent.dark', mb: 5 }}>
            {t('home.hero.overline')}
          </Typography>
          <Typography variant="h1" id="hero-title" sx={{ maxWidth: 620 }}>
            {t('home.hero.title')}
          </Typography>
          <Typography
            variant="body1"
            sx={{ color: 'text.secondary', mt: 7, maxWidth: 520, fontSize: '1.08rem' }}
          >
            {t('home.hero.body')}
          </Typography>
          <Box sx={{ display: 'flex', gap: 4, mt: 10, flexWrap: 'wrap' }}>
            <Button
              component={RouterLink}
              to={paths.upcomingAuctions.href()}
              variant="contained"
              size="large"
            >
              {t('actions.viewUpcomingAuctions')}
            </Button>
            <Button
              component={RouterLink}
              to={paths.collections.href()}
              variant="outlined"
              size="large"
              color="inherit"
            >
              {t('actions.exploreCollections')}
            </Button>
          </Box>
        </Box>
        <Box
          sx={{
            position: 'relative',
            justifySelf: { xs: 'center', md: 'end' },
            width: '100%',
            maxWidth: { xs: 280, sm: 340, md: 400 },
          }}
        >
          <Box
            aria-hidden
            sx={{
              position: 'absolute',
              inset: { xs: '6% -8% -6% 10%', md: '8% -14% -8% 16%' },
              bgcolor: 'background.subtle',
              borderRadius: `${radius.dialog}px`,
            }}
          />
          <Box
            sx={{
              position: 'relative',
              aspectRatio: '2 / 3',
              filter: 'drop-shadow(0 24px 40px rgba(43, 28, 20, 0.22))',
              transform: 'rotate(-2deg)',
            }}
          >
            <RugPattern seed="knotwork-heriz" />
          </Box>
          <Box
            sx={{
              position: 'absolute',
              insetInlineStart: { xs: -8, md: -40 },
              bottom: { xs: 24, md: 48 },
              bgcolor: 'background.paper',
              borderRadius: `${radius.card}px`,
              boxShadow: '0 12px 32px rgba(27,25,22,0.12)',
              px: 6,
              py: 4,
              maxWidth: 240,
            }}
          >
            <Typography variant="overline" component="p" sx={{ color: 'accent.dark', lineHeight: 1.4 }}>
              {t('home.hero.captionOverline')}
            </Typography>
            <Typography variant="body2" sx={{ mt: 1, fontWeight: 500 }}>
              {t('home.hero.caption')}
            </Typography>
          </Box>
        </Box>
      </PageContainer>
    </Box>
  );
}
