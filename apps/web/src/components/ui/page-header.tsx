import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { PageContainer } from './page-container.tsx';

/** The top of every inner page: a gold overline, the page's one h1 and a short introduction. */
export function PageHeader({
  overline,
  title,
  intro,
  actions,
}: {
  overline?: string;
  title: string;
  intro?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Box component="header" sx={{ bgcolor: 'background.subtle', borderBottom: 1, borderColor: 'divider' }}>
      <PageContainer sx={{ py: { xs: 12, md: 18 } }}>
        {overline && (
          <Typography variant="overline" component="p" sx={{ color: 'accent.dark', mb: 2 }}>
            {overline}
          </Typography>
        )}
        <Typography variant="h2" component="h1">
          {title}
        </Typography>
        {intro && (
          <Typography component="div" variant="body1" sx={{ color: 'text.secondary', mt: 4, maxWidth: 680 }}>
            {intro}
          </Typography>
        )}
        {actions && <Box sx={{ mt: 6, display: 'flex', gap: 3, flexWrap: 'wrap' }}>{actions}</Box>}
      </PageContainer>
    </Box>
  );
}
