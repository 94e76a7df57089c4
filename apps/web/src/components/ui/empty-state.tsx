import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** What a list shows when it has nothing in it: a quiet icon, one sentence of why, and where to go next. */
export function EmptyState({
  icon,
  title,
  description,
  action,
  headingComponent = 'h2',
}: {
  icon?: ReactNode;
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  /** h1 when the empty state is the whole page (an unknown id), h2 inside a titled page. */
  headingComponent?: 'h1' | 'h2' | 'h3';
}) {
  return (
    <Box
      role="status"
      sx={{ textAlign: 'center', py: { xs: 14, md: 20 }, px: 6, maxWidth: 560, mx: 'auto', display: 'flex', flexDirection: 'column', alignItems: 'center' }}
    >
      {icon && (
        <Box
          aria-hidden
          sx={{
            width: 72,
            height: 72,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'background.subtle',
            color: 'accent.dark',
            mb: 6,
            '& svg': { fontSize: 32 },
          }}
        >
          {icon}
        </Box>
      )}
      <Typography variant="h5" component={headingComponent} sx={{ mb: 2 }}>
        {title}
      </Typography>
      {description && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {description}
        </Typography>
      )}
      {action && <Box sx={{ mt: 7, display: 'flex', gap: 3, flexWrap: 'wrap', justifyContent: 'center' }}>{action}</Box>}
    </Box>
  );
}
