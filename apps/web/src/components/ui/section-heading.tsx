import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** An h2 with its gold overline and a short standfirst, used by every section of the landing and info pages. */
export function SectionHeading({
  overline,
  title,
  description,
  align = 'left',
  id,
}: {
  overline?: string;
  title: string;
  description?: ReactNode;
  align?: 'left' | 'center';
  id?: string;
}) {
  return (
    <Box
      sx={{
        textAlign: align,
        maxWidth: align === 'center' ? 720 : 640,
        mx: align === 'center' ? 'auto' : 0,
        mb: { xs: 8, md: 12 },
      }}
    >
      {overline && (
        <Typography variant="overline" component="p" sx={{ color: 'accent.dark', mb: 2 }}>
          {overline}
        </Typography>
      )}
      <Typography variant="h2" id={id}>
        {title}
      </Typography>
      {description && (
        <Typography variant="body1" component="div" sx={{ color: 'text.secondary', mt: 4 }}>
          {description}
        </Typography>
      )}
    </Box>
  );
}
