import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { BlogPostSummary } from '@knotwork/shared/schemas/content';
import { paths } from '@/config/paths.ts';
import { radius } from '@/lib/theme.ts';
import { PostCover } from './post-cover.tsx';
import { PostMeta } from './post-meta.tsx';
import { PostTags } from './post-tags.tsx';

/**
 * One article in the journal grid. `feature` is the lead story of the first page: cover beside the text
 * on wide screens, a larger title. The whole card is one link (stretched over it); the tags sit above it.
 */
export function PostCard({
  post,
  feature = false,
  eager = false,
  headingComponent = 'h2',
}: {
  post: BlogPostSummary;
  feature?: boolean;
  eager?: boolean;
  headingComponent?: 'h2' | 'h3';
}) {
  return (
    <Box
      component="article"
      data-testid="blog-post-card"
      sx={{
        position: 'relative',
        height: '100%',
        display: 'grid',
        gridTemplateColumns: feature ? { xs: '1fr', md: '7fr 5fr' } : '1fr',
        gap: feature ? { xs: 5, md: 10 } : 5,
        alignItems: feature ? 'center' : 'start',
        alignContent: 'start',
        '&:hover img, &:hover svg': { transform: 'scale(1.03)' },
        '&:has(a:focus-visible)': {
          outline: (th) => `2px solid ${th.palette.accent.main}`,
          outlineOffset: 6,
          borderRadius: `${radius.card}px`,
        },
      }}
    >
      <Box
        sx={{
          borderRadius: `${radius.card}px`,
          overflow: 'hidden',
          '& img, & svg': { transition: 'transform 700ms cubic-bezier(.2,.7,.2,1)' },
        }}
      >
        <PostCover
          image={post.coverImage}
          seed={post.slug}
          eager={eager}
          aspectRatio={feature ? '16 / 10' : '3 / 2'}
          sizes={
            feature
              ? '(min-width: 900px) 55vw, 92vw'
              : '(min-width: 1200px) 30vw, (min-width: 600px) 46vw, 92vw'
          }
        />
      </Box>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
        <Typography variant={feature ? 'h3' : 'h5'} component={headingComponent} sx={{ fontWeight: 400 }}>
          <Link
            component={RouterLink}
            to={paths.blogPost.href(post.slug)}
            underline="none"
            sx={{
              color: 'inherit',
              outline: 'none',
              '&::after': { content: '""', position: 'absolute', inset: 0, zIndex: 1 },
            }}
          >
            {post.title}
          </Link>
        </Typography>
        <PostMeta author={post.author} publishedAt={post.publishedAt} readingMinutes={post.readingMinutes} />
        <Typography
          variant="body2"
          sx={{
            color: 'text.secondary',
            display: '-webkit-box',
            WebkitBoxOrient: 'vertical',
            WebkitLineClamp: feature ? 5 : 3,
            overflow: 'hidden',
          }}
        >
          {post.excerpt}
        </Typography>
        <PostTags tags={post.tags} />
      </Box>
    </Box>
  );
}

export function PostCardSkeleton() {
  return (
    <Box aria-hidden>
      <Skeleton
        variant="rounded"
        sx={{ aspectRatio: '3 / 2', height: 'auto', borderRadius: `${radius.card}px` }}
      />
      <Skeleton variant="text" sx={{ mt: 5, fontSize: '1.6rem' }} />
      <Skeleton variant="text" width="60%" />
      <Skeleton variant="text" />
      <Skeleton variant="text" width="80%" />
    </Box>
  );
}
