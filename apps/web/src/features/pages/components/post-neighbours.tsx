import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import ArrowForward from '@mui/icons-material/ArrowForward';
import { useTranslation } from 'react-i18next';
import type { BlogPostLink } from '@knotwork/shared/schemas/content';
import { paths } from '@/config/paths.ts';
import { radius } from '@/lib/theme.ts';
import { flipInRtl } from '@/lib/theme.ts';

function NeighbourLink({ post, direction }: { post: BlogPostLink; direction: 'previous' | 'next' }) {
  const { t } = useTranslation('content');
  const next = direction === 'next';
  return (
    <Box
      component={RouterLink}
      to={paths.blogPost.href(post.slug)}
      rel={next ? 'next' : 'prev'}
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: next ? 'flex-end' : 'flex-start',
        textAlign: next ? 'end' : 'start',
        gap: 1,
        p: 5,
        border: 1,
        borderColor: 'divider',
        borderRadius: `${radius.card}px`,
        color: 'inherit',
        textDecoration: 'none',
        transition: 'border-color 200ms, background-color 200ms',
        '&:hover, &:focus-visible': { borderColor: 'text.primary', bgcolor: 'background.subtle' },
        gridColumn: { sm: next ? 2 : 1 },
      }}
    >
      <Typography
        variant="overline"
        sx={{ color: 'accent.dark', display: 'inline-flex', alignItems: 'center', gap: 1 }}
      >
        {!next && <ArrowBack fontSize="inherit" aria-hidden sx={flipInRtl} />}
        {t(next ? 'blog.nextPost' : 'blog.previousPost')}
        {next && <ArrowForward fontSize="inherit" aria-hidden sx={flipInRtl} />}
      </Typography>
      <Typography variant="subtitle1" component="span">
        {post.title}
      </Typography>
    </Box>
  );
}

/** Older and newer articles, side by side (stacked on phones). */
export function PostNeighbours({
  previous,
  next,
}: {
  previous: BlogPostLink | null;
  next: BlogPostLink | null;
}) {
  const { t } = useTranslation('content');
  if (!previous && !next) return null;
  return (
    <Box
      component="nav"
      aria-label={t('blog.moreArticles')}
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 4 }}
    >
      {previous && <NeighbourLink post={previous} direction="previous" />}
      {next && <NeighbourLink post={next} direction="next" />}
    </Box>
  );
}
