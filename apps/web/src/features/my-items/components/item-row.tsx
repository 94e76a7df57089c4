import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ApiImage } from '@knotwork/shared/schemas/media';
import { ResponsiveImage } from '@/components/ui/responsive-image.tsx';
import { radius } from '@/lib/theme.ts';

/**
 * One line of a My Items list: picture, overline, title (the link), details, and actions at the end. Without `image`
 * (undefined, not null) the line has no picture column: a list of requests or lines rather than of rugs.
 */
export function ItemRow({
  image,
  title,
  href,
  overline,
  details,
  actions,
  testId,
  state,
}: {
  image?: ApiImage | null;
  title: string;
  href: string;
  overline: ReactNode;
  details: ReactNode;
  actions?: ReactNode;
  testId: string;
  state?: string;
}) {
  return (
    <Box
      component="article"
      data-testid={testId}
      data-state={state}
      sx={{
        display: 'grid',
        gridTemplateColumns:
          image === undefined
            ? { xs: 'minmax(0, 1fr)', sm: 'minmax(0, 1fr) auto' }
            : { xs: '72px minmax(0, 1fr)', sm: '88px minmax(0, 1fr) auto' },
        gap: { xs: 3, sm: 5 },
        alignItems: 'center',
        p: 3,
        borderRadius: `${radius.card}px`,
        border: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
      }}
    >
      {image !== undefined && (
        <Box sx={{ borderRadius: `${radius.card / 2}px`, overflow: 'hidden', bgcolor: 'background.subtle' }}>
          {image ? (
            <ResponsiveImage image={image} sizes="88px" alt={image.alt ?? title} aspectRatio="1 / 1" />
          ) : (
            <Box sx={{ aspectRatio: '1 / 1' }} />
          )}
        </Box>
      )}
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="overline" component="p" sx={{ color: 'accent.dark', lineHeight: 1.6 }}>
          {overline}
        </Typography>
        <Typography component="h3" sx={{ fontWeight: 500, lineHeight: 1.35 }}>
          <Link component={RouterLink} to={href} underline="hover" color="inherit">
            {title}
          </Link>
        </Typography>
        <Box
          sx={{
            mt: 1,
            display: 'flex',
            gap: 4,
            flexWrap: 'wrap',
            color: 'text.secondary',
            fontSize: '0.875rem',
            fontVariantNumeric: 'tabular-nums',
          }}
        >
          {details}
        </Box>
      </Box>
      {actions && (
        <Box
          sx={{
            gridColumn: { xs: '1 / -1', sm: 'auto' },
            display: 'flex',
            gap: 2,
            justifyContent: 'flex-end',
            flexWrap: 'wrap',
          }}
        >
          {actions}
        </Box>
      )}
    </Box>
  );
}
