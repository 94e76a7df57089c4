import Box, { type BoxProps } from '@mui/material/Box';
import { radius } from '@/lib/theme.ts';
import { sxList } from '@/lib/sx.ts';

/**
 * Server-rendered HTML in the house's reading type: a measure of about 70 characters, generous leading,
 * quiet headings and lists. The HTML is trusted because the server builds it from Markdown and passes it
 * through sanitize-html with an allow-list of tags and attributes (apps/server/src/modules/content/render.ts)
 * before storing it; nothing a visitor types ever reaches it. We do not add DOMPurify as a second pass:
 * it would duplicate that allow-list in the bundle for content only the house can write.
 */
export function ArticleBody({
  html,
  sx,
  ...rest
}: { html: string } & Omit<BoxProps, 'children' | 'dangerouslySetInnerHTML'>) {
  return (
    <Box
      {...rest}
      sx={[
        (theme) => ({
          maxWidth: '68ch',
          fontSize: { xs: '1.05rem', md: '1.125rem' },
          lineHeight: 1.75,
          color: 'text.primary',
          overflowWrap: 'anywhere',
          '& > :first-of-type': { mt: 0 },
          '& p': { my: 5 },
          '& h2': { ...theme.typography.h4, mt: 14, mb: 4, scrollMarginTop: 120 },
          '& h3': { ...theme.typography.h5, mt: 10, mb: 3, scrollMarginTop: 120 },
          '& h4': { ...theme.typography.h6, mt: 8, mb: 2 },
          '& ul, & ol': { pl: 6, my: 5 },
          '& li': { my: 2, pl: 1 },
          '& li::marker': { color: theme.palette.accent.dark },
          '& strong': { fontWeight: 700 },
          '& a': {
            color: 'inherit',
            textDecorationColor: theme.palette.accent.main,
            textUnderlineOffset: '3px',
          },
          '& a:hover': { textDecorationThickness: '2px' },
          '& blockquote': {
            m: 0,
            my: 8,
            pl: 6,
            borderInlineStart: `3px solid ${theme.palette.accent.main}`,
            fontSize: '1.25rem',
            fontStyle: 'italic',
            color: 'text.secondary',
          },
          '& hr': { border: 0, borderTop: 1, borderColor: 'divider', my: 10 },
          '& img': { maxWidth: '100%', height: 'auto', borderRadius: `${radius.small}px` },
          '& table': { width: '100%', borderCollapse: 'collapse', my: 6, fontSize: '0.95rem' },
          '& th, & td': { textAlign: 'start', p: 2, borderBottom: 1, borderColor: 'divider' },
          '& code': {
            fontFamily: 'ui-monospace, monospace',
            fontSize: '0.9em',
            bgcolor: 'background.subtle',
            px: 1,
            borderRadius: `${radius.small}px`,
          },
        }),
        ...sxList(sx),
      ]}
      // Sanitised on the server (see above).
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
