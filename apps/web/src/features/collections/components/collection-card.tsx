import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Collection } from '@knotwork/shared/schemas/collections';
import { paths } from '@/config/paths.ts';
import { mediaUrl } from '@/lib/media.ts';
import { ResponsiveImage } from '@/components/ui/responsive-image.tsx';
import { RugPattern } from '@/components/ui/rug-pattern.tsx';
import { radius } from '@/lib/theme.ts';

/**
 * One collection: its cover (the collection's own picture, else its most valuable rug's, served at the right size;
 * a woven pattern of its own while it has none), title, description and how many rugs it holds, opening the
 * filtered listing.
 */
export function CollectionCard({ collection, eager = false }: { collection: Collection; eager?: boolean }) {
  const { t } = useTranslation();
  const cover = mediaUrl(collection.coverImage);
  return (
    <Card sx={{ bgcolor: 'transparent', height: '100%' }}>
      <CardActionArea
        component={RouterLink}
        to={paths.rugListings.href({ collections: [collection.title] })}
        sx={{
          height: '100%',
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'stretch',
          borderRadius: 'inherit',
          '&:hover img, &:hover svg': { transform: 'scale(1.04)' },
        }}
      >
        <Box
          sx={{
            aspectRatio: '4 / 3',
            overflow: 'hidden',
            borderRadius: `${radius.card}px`,
            bgcolor: 'background.subtle',
            '& img, & svg': { transition: 'transform 600ms ease' },
          }}
        >
          {collection.cover ? (
            <ResponsiveImage
              image={collection.cover}
              alt=""
              aspectRatio="4 / 3"
              eager={eager}
              sizes="(min-width: 900px) 30vw, (min-width: 600px) 45vw, 92vw"
            />
          ) : cover ? (
            <Box
              component="img"
              src={cover}
              alt=""
              loading="lazy"
              sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
            />
          ) : (
            <RugPattern seed={collection.slug} orientation="landscape" />
          )}
        </Box>
        <Box sx={{ pt: 5, pb: 2, flex: 1 }}>
          <Typography variant="h5" component="h3">
            {collection.title}
          </Typography>
          <Typography
            variant="body2"
            sx={{
              color: 'text.secondary',
              mt: 2,
              display: '-webkit-box',
              WebkitLineClamp: 3,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
            }}
          >
            {collection.description}
          </Typography>
          <Typography variant="overline" component="p" sx={{ mt: 3, color: 'accent.dark' }}>
            {collection.rugCount > 0
              ? t('collections.rugCount', { count: collection.rugCount })
              : t('collections.explore')}
          </Typography>
        </Box>
      </CardActionArea>
    </Card>
  );
}

export function CollectionCardSkeleton() {
  return (
    <Box aria-hidden>
      <Skeleton variant="rounded" sx={{ aspectRatio: '4 / 3', height: 'auto' }} />
      <Skeleton width="60%" sx={{ mt: 5, fontSize: '1.4rem' }} />
      <Skeleton width="95%" />
      <Skeleton width="80%" />
    </Box>
  );
}
