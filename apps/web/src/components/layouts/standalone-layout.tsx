import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths.ts';
import { Logo } from '@/components/ui/logo.tsx';
import { BorderBand } from '@/components/ui/rug-pattern.tsx';

/**
 * The frame of the standalone routes (/payment/success, /payment/fail, /401, /404): no menu, the logo
 * home, the message centred, and a strip of woven border at the foot.
 */
export function StandaloneLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Box
      sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}
    >
      <Box component="header" sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
        <Box
          component={RouterLink}
          to={paths.home.href()}
          aria-label={t('nav.homeLink')}
          sx={{ color: 'text.primary' }}
        >
          <Logo height={30} />
        </Box>
      </Box>
      <Box component="main" sx={{ flex: 1, display: 'grid', placeItems: 'center', px: 6, py: 10 }}>
        <Box sx={{ maxWidth: 560, textAlign: 'center' }}>{children}</Box>
      </Box>
      <Box component="footer" sx={{ textAlign: 'center', pb: 6 }}>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {t('footer.copyright', { year: new Date().getFullYear() })}
        </Typography>
      </Box>
      <BorderBand />
    </Box>
  );
}
