import { NavLink } from 'react-router';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { mainMenu } from '@/config/navigation.ts';
import { PageContainer } from '@/components/ui/page-container.tsx';

/** The menu row under the header in the horizontal layout; the current section is underlined in gold. */
export function HorizontalNav() {
  const { t } = useTranslation();
  return (
    <Box component="nav" aria-label={t('nav.main')} sx={{ borderTop: 1, borderColor: 'divider' }}>
      <PageContainer component="ul" sx={{ listStyle: 'none', my: 0, display: 'flex', justifyContent: 'center', gap: { md: 10, lg: 14 }, height: 48 }}>
        {mainMenu.map((item) => (
          <Box component="li" key={item.key} sx={{ display: 'flex' }}>
            <Box
              component={NavLink}
              to={item.to}
              end={item.end}
              sx={{
                display: 'flex',
                alignItems: 'center',
                position: 'relative',
                color: 'text.secondary',
                textDecoration: 'none',
                fontSize: '0.74rem',
                fontWeight: 600,
                letterSpacing: '0.18em',
                textTransform: 'uppercase',
                transition: 'color 300ms ease',
                '&::after': {
                  content: '""',
                  position: 'absolute',
                  insetInline: 0,
                  bottom: -1,
                  height: 2,
                  bgcolor: 'accent.main',
                  transform: 'scaleX(0)',
                  transition: 'transform 400ms ease',
                },
                '&:hover': { color: 'text.primary' },
                '&.active': { color: 'text.primary' },
                '&.active::after': { transform: 'scaleX(1)' },
              }}
            >
              {t(item.label)}
            </Box>
          </Box>
        ))}
      </PageContainer>
    </Box>
  );
}
