import { useEffect } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { imageSizes } from '@knotwork/shared/constants/image-sizes';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import ArticleOutlined from '@mui/icons-material/ArticleOutlined';
import { useTranslation } from 'react-i18next';
import type { BlogPost } from '@knotwork/shared/schemas/content';
import { paths } from '@/config/paths.ts';
import { PageContainer } from '@/components/ui/page-container.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { isNotFound } from '@/lib/api-client.ts';
import { errorMessage } from '@/lib/error-message.ts';
import { radius } from '@/lib/theme.ts';
import { useBlogPost } from '../api/get-blog-post.ts';
import { ArticleBody } from '@/components/ui/article-body.tsx';
import { PostCard } from '../components/post-card.tsx';
import { PostCover } from '../components/post-cover.tsx';
import { PostMeta } from '../components/post-meta.tsx';
import { PostNeighbours } from '../components/post-neighbours.tsx';
import { PostTags } from '../components/post-tags.tsx';
import { flipInRtl } from '@/lib/theme.ts';

function BackToBlog() {
  const { t } = useTranslation('content');
  return (
    <Button
      component={RouterLink}
      to={paths.blog.href()}
      startIcon={<ArrowBack sx={flipInRtl} />}
      color="inherit"
      size="small"
      sx={{ ml: -3 }}
    >
      {t('blog.backToBlog')}
    </Button>
  );
}

/** /auction-blog/:id (a UUID or a slug): the article, its neighbours and related reading. */
export function BlogPostPage() {
  const { t } = useTranslation('content');
  const { id = '' } = useParams();
  const post = useBlogPost(id);

  const title = post.data?.title;
  useEffect(() => {
    if (!title) return;
    const previous = document.title;
    document.title = t('blog.documentTitle', { title });
    return () => {
      document.title = previous;
    };
  }, [title, t]);

  if (post.isError) {
    const missing = isNotFound(post.error);
    return (
      <PageContainer sx={{ py: { xs: 8, md: 12 } }}>
        <BackToBlog />
        {missing ? (
          <EmptyState
            headingComponent="h1"
            icon={<ArticleOutlined />}
            title={t('blog.notFoundTitle')}
            description={t('blog.notFoundBody')}
            action={
              <Button component={RouterLink} to={paths.blog.href()} variant="outlined" color="inherit">
                {t('blog.browseAll')}
              </Button>
            }
          />
        ) : (
          <Box sx={{ mt: 8 }}>
            <ErrorState
              message={errorMessage(post.error, t('blog.loadPostError'))}
              retryLabel={t('retry')}
              onRetry={() => void post.refetch()}
            />
          </Box>
        )}
      </PageContainer>
    );
  }
  if (!post.data) return <PostSkeleton />;
  return <Article post={post.data} />;
}

function Article({ post }: { post: BlogPost }) {
  const { t } = useTranslation('content');
  return (
    <>
      <Box component="article" aria-labelledby="post-title">
        <PageContainer sx={{ pt: { xs: 8, md: 12 }, maxWidth: 960 }}>
          <BackToBlog />
          <Box
            component="header"
            sx={{ mt: { xs: 6, md: 10 }, display: 'flex', flexDirection: 'column', gap: 5 }}
          >
            <PostTags tags={post.tags} />
            <Typography
              id="post-title"
              variant="h2"
              component="h1"
              sx={{ maxWidth: '22ch', fontWeight: 400 }}
            >
              {post.title}
            </Typography>
            <Typography
              variant="body1"
              component="p"
              sx={{ color: 'text.secondary', fontSize: '1.2rem', maxWidth: '60ch' }}
            >
              {post.excerpt}
            </Typography>
            <PostMeta
              author={post.author}
              publishedAt={post.publishedAt}
              readingMinutes={post.readingMinutes}
            />
          </Box>
          <Box sx={{ mt: { xs: 8, md: 12 }, borderRadius: `${radius.card}px`, overflow: 'hidden' }}>
            <PostCover
              image={post.coverImage}
              seed={post.slug}
              eager
              aspectRatio="21 / 9"
              sizes={imageSizes.postCover}
            />
          </Box>
          <ArticleBody html={post.html} data-testid="article-body" sx={{ mt: { xs: 10, md: 14 } }} />
          <Box sx={{ mt: { xs: 14, md: 18 }, pt: 8, borderTop: 1, borderColor: 'divider' }}>
            <PostNeighbours previous={post.previous} next={post.next} />
          </Box>
        </PageContainer>
      </Box>
      {post.related.length > 0 && (
        <Box
          component="section"
          aria-labelledby="related-title"
          sx={{ bgcolor: 'background.subtle', mt: { xs: 14, md: 20 }, py: { xs: 14, md: 20 } }}
        >
          <PageContainer>
            <Typography id="related-title" variant="h3" component="h2" sx={{ mb: { xs: 8, md: 12 } }}>
              {t('blog.related')}
            </Typography>
            <Box
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(3, 1fr)' },
                gap: 8,
              }}
            >
              {post.related.map((r) => (
                <PostCard key={r.id} post={r} headingComponent="h3" />
              ))}
            </Box>
          </PageContainer>
        </Box>
      )}
    </>
  );
}

function PostSkeleton() {
  const { t } = useTranslation('content');
  return (
    <PageContainer
      sx={{ py: { xs: 8, md: 12 }, maxWidth: 960 }}
      role="status"
      aria-busy="true"
      aria-label={t('blog.loadingPost')}
    >
      <Skeleton variant="text" width={120} />
      <Skeleton variant="text" sx={{ mt: 10, fontSize: '3rem' }} width="80%" />
      <Skeleton variant="text" width="50%" />
      <Skeleton
        variant="rounded"
        sx={{ mt: 10, aspectRatio: '21 / 9', height: 'auto', borderRadius: `${radius.card}px` }}
      />
      {Array.from({ length: 5 }, (_, i) => (
        <Skeleton key={i} variant="text" sx={{ maxWidth: '68ch', mt: i === 0 ? 10 : 1 }} />
      ))}
    </PageContainer>
  );
}

export default BlogPostPage;
