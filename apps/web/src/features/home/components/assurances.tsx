import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '@/components/ui/page-container.tsx';

const items = ['since', 'examined', 'reports', 'shipping'] as const;

/** Four promises in a hairline band under the hero: what makes buying a rug unseen safe here. */
export function Assurances() {
  const { t } = useTranslation();
  return (
    <Box
      component="section"
      aria-label={t('home.assurances.label')}
      sx={{ borderTop: 1, borderBottom: 1, borderColor: 'divider' }}
    >
      <PageContainer
        component="ul"
        sx={{
          listStyle: 'none',
          m: '0 auto',
          display: 'grid',
          gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' },
          py: { xs: 8, md: 10 },
          gap: 8,
        }}
      >
        {items.map((key) => (
          <Box component="li" key={key}>
            <Typography sx={{ fontSize: '1.6rem', fontWeight: 300, lineHeight: 1.2 }}>
              {t(`home.assurances.${key}.value`)}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
              {t(`home.assurances.${key}.label`)}
            </Typography>
          </Box>
        ))}
      </PageContainer>
    </Box>
  );
}
