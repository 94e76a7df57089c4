import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatLongDate } from '../lib/format.ts';

/** "Miriam Aslanian · 6 January 2025 · 4 min read" */
export function PostMeta({
  author,
  publishedAt,
  readingMinutes,
}: {
  author: string;
  publishedAt: string;
  readingMinutes: number;
}) {
  const { t, i18n } = useTranslation('content');
  return (
    <Typography
      variant="body2"
      component="p"
      sx={{
        color: 'text.secondary',
        display: 'flex',
        flexWrap: 'wrap',
        columnGap: 2,
        '& > *': { whiteSpace: 'nowrap' },
      }}
    >
      <span>{author}</span>
      <span aria-hidden>·</span>
      <time dateTime={publishedAt}>{formatLongDate(publishedAt, i18n.language)}</time>
      <span aria-hidden>·</span>
      <span>{t('blog.readingMinutes', { count: readingMinutes })}</span>
    </Typography>
  );
}
