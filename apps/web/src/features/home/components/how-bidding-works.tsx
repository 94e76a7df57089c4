import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '@/components/ui/page-container.tsx';
import { SectionHeading } from '@/components/ui/section-heading.tsx';

const steps = ['register', 'examine', 'bid', 'receive'] as const;

/** The four steps from browsing to delivery, in the terms of AUCTION-RULES.md (maximum bids, soft close, premium). */
export function HowBiddingWorks() {
  const { t } = useTranslation();
  return (
    <Box
      component="section"
      aria-labelledby="how-bidding-title"
      sx={{ bgcolor: 'background.subtle', py: { xs: 16, md: 28 } }}
    >
      <PageContainer>
        <SectionHeading
          id="how-bidding-title"
          overline={t('home.bidding.overline')}
          title={t('home.bidding.title')}
          description={t('home.bidding.intro')}
        />
        <Box
          component="ol"
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gap: { xs: 10, md: 8 },
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' },
          }}
        >
          {steps.map((key, i) => (
            <Box component="li" key={key} sx={{ borderTop: 2, borderColor: 'text.primary', pt: 6 }}>
              <Typography variant="overline" component="p" sx={{ color: 'accent.dark' }}>
                {t('home.bidding.step', { number: String(i + 1).padStart(2, '0') })}
              </Typography>
              <Typography variant="h5" component="h3" sx={{ mt: 2 }}>
                {t(`home.bidding.steps.${key}.title`)}
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary', mt: 3 }}>
                {t(`home.bidding.steps.${key}.body`)}
              </Typography>
            </Box>
          ))}
        </Box>
      </PageContainer>
    </Box>
  );
}
