import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths.ts';
import { PageContainer } from '@/components/ui/page-container.tsx';
import { SectionHeading } from '@/components/ui/section-heading.tsx';
import { Hero } from '../components/hero.tsx';
import { Assurances } from '../components/assurances.tsx';
import { HowBiddingWorks } from '../components/how-bidding-works.tsx';
import { HouseHeritage } from '../components/house-heritage.tsx';
import { ClosingCall } from '../components/closing-call.tsx';

/**
 * The landing page. The collection cards and the featured sale come in as elements because they belong to the
 * collections and sales features; the app's route module composes them (features do not import each other).
 */
export function HomePage({
  collections,
  featuredSale,
}: {
  collections: ReactNode;
  featuredSale?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Hero />
      {featuredSale}
      <Assurances />
      <Box component="section" aria-labelledby="home-collections-title" sx={{ py: { xs: 16, md: 28 } }}>
        <PageContainer>
          <Box
            sx={{
              display: 'flex',
              justifyContent: 'space-between',
              alignItems: 'flex-end',
              gap: 6,
              flexWrap: 'wrap',
            }}
          >
            <SectionHeading
              id="home-collections-title"
              overline={t('home.collections.overline')}
              title={t('home.collections.title')}
              description={t('home.collections.intro')}
            />
            <Button
              component={RouterLink}
              to={paths.collections.href()}
              variant="text"
              color="inherit"
              sx={{ mb: { xs: 8, md: 12 }, textDecoration: 'underline', textUnderlineOffset: 6 }}
            >
              {t('actions.allCollections')}
            </Button>
          </Box>
          {collections}
        </PageContainer>
      </Box>
      <HowBiddingWorks />
      <HouseHeritage />
      <ClosingCall />
    </>
  );
}
