import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { OutlineHeading } from '../lib/html-outline.ts';

/** "On this page": links to the document's headings (h3 indented under their h2). */
export function TableOfContents({ headings }: { headings: OutlineHeading[] }) {
  const { t } = useTranslation('content');
  if (headings.length < 2) return null;
  return (
    <Box component="nav" aria-labelledby="toc-title">
      <Typography id="toc-title" variant="overline" component="h2" sx={{ color: 'accent.dark', mb: 3 }}>
        {t('legal.onThisPage')}
      </Typography>
      <Box
        component="ol"
        sx={{ listStyle: 'none', p: 0, m: 0, borderInlineStart: 1, borderColor: 'divider' }}
      >
        {headings.map((h) => (
          <Box component="li" key={h.id} sx={{ pl: h.level === 3 ? 8 : 4, py: 1.5 }}>
            <Link
              href={`#${h.id}`}
              underline="hover"
              variant="body2"
              sx={{ color: 'text.secondary', '&:hover': { color: 'text.primary' } }}
            >
              {h.text}
            </Link>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
