import { useMemo } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Pagination from '@mui/material/Pagination';
import PaginationItem from '@mui/material/PaginationItem';
import ArticleOutlined from '@mui/icons-material/ArticleOutlined';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths.ts';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { PageContainer } from '@/components/ui/page-container.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { errorMessage } from '@/lib/error-message.ts';
import { useBlogPosts } from '../api/get-blog-posts.ts';
import { PostCard, PostCardSkeleton } from '../components/post-card.tsx';
import { TagFilter } from '../components/tag-filter.tsx';
import { blogListHref, readBlogParams } from '../lib/blog-url.ts';

const grid = {
  display: 'grid',
  gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(3, 1fr)' },
  columnGap: 8,
  rowGap: { xs: 12, md: 16 },
} as const;

/** /auction-blog, labelled Auctions Blogs: a lead story, then a grid, filtered by tag, paged in the URL. */
export function BlogPage() {
  const { t } = useTranslation('content');
  const [search] = useSearchParams();
  const { page, tag } = readBlogParams(search);
  const posts = useBlogPosts({ page, tag });
  // There is no tag list endpoint: the newest page of all posts names the tags worth offering.
  const allPosts = useBlogPosts({ page: 1 });
  const tags = useMemo(() => {
    const set = new Set(allPosts.data?.data.flatMap((p) => p.tags) ?? []);
    if (tag) set.add(tag);
    return [...set].sort((a, b) => a.localeCompare(b));
  }, [allPosts.data, tag]);

  const data = posts.data;
  const [lead, ...rest] = data?.data ?? [];
  const showLead = page === 1 && !tag && lead;

  return (
    <>
      <PageHeader overline={t('blog.overline')} title={t('blog.title')} intro={t('blog.intro')} />
      <PageContainer sx={{ py: { xs: 10, md: 14 } }}>
        {tags.length > 0 && (
          <Box sx={{ mb: { xs: 10, md: 12 } }}>
            <TagFilter tags={tags} active={tag} />
          </Box>
        )}
        {posts.isError && !data ? (
          <ErrorState
            message={errorMessage(posts.error, t('blog.loadError'))}
            retryLabel={t('retry')}
            onRetry={() => void posts.refetch()}
          />
        ) : !data ? (
          <Box sx={grid} role="status" aria-busy="true" aria-label={t('blog.loading')}>
            {Array.from({ length: 6 }, (_, i) => (
              <PostCardSkeleton key={i} />
            ))}
          </Box>
        ) : data.data.length === 0 ? (
          <EmptyState
            icon={<ArticleOutlined />}
            title={tag ? t('blog.emptyTagTitle', { tag }) : t('blog.emptyTitle')}
            description={tag ? t('blog.emptyTagBody') : t('blog.emptyBody')}
            action={
              tag ? (
                <Button component={RouterLink} to={blogListHref({})} variant="outlined" color="inherit">
                  {t('blog.showAll')}
                </Button>
              ) : (
                <Button component={RouterLink} to={paths.faq.href()} variant="outlined" color="inherit">
                  {t('blog.readFaq')}
                </Button>
              )
            }
          />
        ) : (
          <Box
            sx={{ opacity: posts.isPlaceholderData ? 0.6 : 1, transition: 'opacity 200ms' }}
            aria-busy={posts.isFetching}
          >
            {showLead && (
              <Box
                sx={{
                  mb: { xs: 12, md: 18 },
                  pb: { xs: 12, md: 18 },
                  borderBottom: 1,
                  borderColor: 'divider',
                }}
              >
                <PostCard post={lead} feature eager />
              </Box>
            )}
            <Box sx={grid}>
              {(showLead ? rest : data.data).map((post, i) => (
                <PostCard key={post.id} post={post} eager={!showLead && i < 3} />
              ))}
            </Box>
            {data.meta.totalPages > 1 && (
              <Pagination
                page={data.meta.page}
                count={data.meta.totalPages}
                sx={{ mt: { xs: 12, md: 16 }, display: 'flex', justifyContent: 'center' }}
                getItemAriaLabel={(type, p, selected) =>
                  type === 'page'
                    ? t(selected ? 'blog.pageCurrent' : 'blog.pageN', { page: p })
                    : t(`blog.${type}Page`)
                }
                renderItem={(item) => (
                  <PaginationItem
                    component={RouterLink}
                    to={blogListHref({ page: item.page ?? 1, tag })}
                    {...item}
                  />
                )}
              />
            )}
          </Box>
        )}
      </PageContainer>
    </>
  );
}

export default BlogPage;
