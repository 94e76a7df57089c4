import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { blogListHref } from '../lib/blog-url.ts';

/** "All" and one link per tag; the active one is filled and marked as the current page. */
export function TagFilter({ tags, active }: { tags: string[]; active?: string }) {
  const { t } = useTranslation('content');
  const items: { key: string; label: string; tag?: string }[] = [
    { key: '*', label: t('blog.allTags') },
    ...tags.map((tag) => ({ key: tag, label: tag, tag })),
  ];
  return (
    <Box component="nav" aria-label={t('blog.filterLabel')}>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 2 }}>
        {items.map((item) => {
          const current = (item.tag ?? undefined) === active;
          return (
            <li key={item.key}>
              <Chip
                component={RouterLink}
                to={blogListHref({ tag: item.tag })}
                clickable
                label={item.label}
                color={current ? 'primary' : 'default'}
                variant={current ? 'filled' : 'outlined'}
                aria-current={current ? 'page' : undefined}
                sx={{ textTransform: item.tag ? 'capitalize' : undefined }}
              />
            </li>
          );
        })}
      </Box>
    </Box>
  );
}
