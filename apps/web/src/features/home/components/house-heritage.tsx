import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths.ts';
import { PageContainer } from '@/components/ui/page-container.tsx';
import { RugPattern } from '@/components/ui/rug-pattern.tsx';
import { radius } from '@/lib/theme.ts';

/** The house since 2010: a detail of a rug beside its story, leading to About Us. */
export function HouseHeritage() {
  const { t } = useTranslation();
  return (
    <Box component="section" aria-labelledby="heritage-title" sx={{ py: { xs: 16, md: 28 } }}>
      <PageContainer
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: '5fr 6fr' },
          gap: { xs: 10, md: 20 },
          alignItems: 'center',
        }}
      >
        <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 4, maxWidth: 520 }}>
          <Box sx={{ aspectRatio: '2 / 3', borderRadius: `${radius.card}px`, overflow: 'hidden', mt: 12 }}>
            <RugPattern seed="kazak-1880" />
          </Box>
          <Box sx={{ aspectRatio: '2 / 3', borderRadius: `${radius.card}px`, overflow: 'hidden' }}>
            <RugPattern seed="oushak-ivory" />
          </Box>
        </Box>
        <Box>
          <Typography variant="overline" component="p" sx={{ color: 'accent.dark', mb: 2 }}>
            {t('home.heritage.overline')}
          </Typography>
          <Typography variant="h2" id="heritage-title">
            {t('home.heritage.title')}
          </Typography>
          <Typography variant="body1" sx={{ color: 'text.secondary', mt: 6 }}>
            {t('home.heritage.body1')}
          </Typography>
          <Typography variant="body1" sx={{ color: 'text.secondary', mt: 4 }}>
            {t('home.heritage.body2')}
          </Typography>
          <Button
            component={RouterLink}
            to={paths.aboutUs.href()}
            variant="outlined"
            color="inherit"
            sx={{ mt: 9 }}
          >
            {t('actions.aboutTheHouse')}
          </Button>
        </Box>
      </PageContainer>
    </Box>
  );
}
