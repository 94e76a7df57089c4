import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { blogListHref } from '../lib/blog-url.ts';

/** The tags of a post, each a link to the journal filtered by it. Above a stretched card link (z-index). */
export function PostTags({ tags, size = 'small' }: { tags: string[]; size?: 'small' | 'medium' }) {
  const { t } = useTranslation('content');
  if (tags.length === 0) return null;
  return (
    <Box
      component="ul"
      aria-label={t('blog.tagsLabel')}
      sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 2 }}
    >
      {tags.map((tag) => (
        <li key={tag}>
          <Chip
            component={RouterLink}
            to={blogListHref({ tag })}
            clickable
            size={size}
            variant="outlined"
            label={tag}
            sx={{ position: 'relative', zIndex: 2, textTransform: 'capitalize' }}
          />
        </li>
      ))}
    </Box>
  );
}
