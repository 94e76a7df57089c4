import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths.ts';
import { StandaloneLayout } from './standalone-layout.tsx';

interface StatusPageProps {
  /** The large mark above the text (a status number or an icon); decorative. */
  mark: ReactNode;
  /** The page's keys under `standalone.<name>` in common.json: overline, title, body. */
  name: 'notFound' | 'unauthorized' | 'paymentSuccess' | 'paymentFail';
  /** The second way on, beside "Back home". */
  secondary: { to: string; label: string };
}

/** The standalone status pages (/404, /401, /payment/success, /payment/fail) share one calm layout. */
export function StatusPage({ mark, name, secondary }: StatusPageProps) {
  const { t } = useTranslation();
  return (
    <StandaloneLayout>
      <Box aria-hidden sx={{ mb: 6 }}>
        {mark}
      </Box>
      <Typography variant="overline" component="p" sx={{ color: 'accent.dark' }}>
        {t(`standalone.${name}.overline`)}
      </Typography>
      <Typography variant="h2" component="h1" sx={{ mt: 3 }}>
        {t(`standalone.${name}.title`)}
      </Typography>
      <Typography variant="body1" sx={{ color: 'text.secondary', mt: 5 }}>
        {t(`standalone.${name}.body`)}
      </Typography>
      <Box sx={{ display: 'flex', gap: 4, mt: 10, justifyContent: 'center', flexWrap: 'wrap' }}>
        <Button component={RouterLink} to={paths.home.href()} variant="contained" size="large">
          {t('actions.backHome')}
        </Button>
        <Button component={RouterLink} to={secondary.to} variant="outlined" color="inherit" size="large">
          {secondary.label}
        </Button>
      </Box>
    </StandaloneLayout>
  );
}

/** A status number (404, 401) set large in the accent colour. */
export function StatusNumber({ children }: { children: ReactNode }) {
  return (
    <Typography
      component="span"
      sx={{
        display: 'block',
        fontSize: { xs: '6rem', md: '9rem' },
        fontWeight: 300,
        lineHeight: 1,
        letterSpacing: '-0.04em',
        color: 'accent.main',
      }}
    >
      {children}
    </Typography>
  );
}
