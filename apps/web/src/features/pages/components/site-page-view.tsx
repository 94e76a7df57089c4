import { useMemo } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { SitePage } from '@knotwork/shared/schemas/content';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { PageContainer } from '@/components/ui/page-container.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { errorMessage } from '@/lib/error-message.ts';
import { outlineHtml } from '../lib/html-outline.ts';
import { formatLongDate } from '../lib/format.ts';
import { ArticleBody } from '@/components/ui/article-body.tsx';
import { TableOfContents } from './table-of-contents.tsx';

/**
 * A policy page from the API (privacy, terms): title, the date it last changed, a table of contents built
 * from its headings (sticky beside the text on wide screens) and the server-sanitised HTML.
 * `fallbackTitle` heads the page while it loads or when it fails.
 */
export function SitePageView({
  query,
  fallbackTitle,
}: {
  query: UseQueryResult<SitePage>;
  fallbackTitle: string;
}) {
  const { t, i18n } = useTranslation('content');
  const page = query.data;
  const outline = useMemo(() => (page ? outlineHtml(page.html) : null), [page]);

  return (
    <>
      <PageHeader
        overline={t('legal.overline')}
        title={page?.title ?? fallbackTitle}
        intro={
          page ? (
            <Box component="span" sx={{ fontSize: '0.95rem' }}>
              {t('legal.updated')}{' '}
              <time dateTime={page.updatedAt}>{formatLongDate(page.updatedAt, i18n.language)}</time>
            </Box>
          ) : undefined
        }
      />
      <PageContainer sx={{ py: { xs: 10, md: 16 } }}>
        {query.isError ? (
          <ErrorState
            message={errorMessage(query.error, t('legal.loadError'))}
            retryLabel={t('retry')}
            onRetry={() => void query.refetch()}
          />
        ) : !outline ? (
          <Box role="status" aria-busy="true" aria-label={t('legal.loading')} sx={{ maxWidth: '68ch' }}>
            {Array.from({ length: 8 }, (_, i) => (
              <Skeleton
                key={i}
                variant="text"
                sx={{ fontSize: i % 4 === 0 ? '1.8rem' : '1rem', mt: i % 4 === 0 ? 6 : 0 }}
                width={i % 4 === 0 ? '40%' : '100%'}
              />
            ))}
          </Box>
        ) : (
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: {
                xs: '1fr',
                md: outline.headings.length > 1 ? '240px minmax(0, 1fr)' : '1fr',
              },
              gap: { xs: 10, md: 16 },
              alignItems: 'start',
            }}
          >
            {outline.headings.length > 1 && (
              <Box sx={{ position: { md: 'sticky' }, top: { md: 140 } }}>
                <TableOfContents headings={outline.headings} />
              </Box>
            )}
            <Box component="article" aria-label={page?.title}>
              <ArticleBody html={outline.html} />
              <Typography variant="body2" sx={{ color: 'text.secondary', mt: 12 }}>
                {t('legal.questions')}
              </Typography>
            </Box>
          </Box>
        )}
      </PageContainer>
    </>
  );
}
