import { Link as RouterLink, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths.ts';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { useAdminPost } from '../api/content-posts.ts';
import { AdminPage } from '../../shell/admin-page.tsx';
import { PostEditor } from '../components/post-editor/post-editor.tsx';

/** /admin/content/posts/new and /admin/content/posts/:id: a post's fields, its Markdown with a live preview, publishing. */
export default function PostEditorPage() {
  const { id } = useParams();
  const { t } = useTranslation('admin-content');
  const { data: post, isLoading, isError, refetch } = useAdminPost(id);
  return (
    <AdminPage
      title={id ? (post?.title ?? t('blog.edit')) : t('blog.new')}
      subject="content"
      actions={
        <Button
          component={RouterLink}
          to={paths.adminContent.href('blog')}
          startIcon={
            <ArrowBack sx={{ transform: (th) => (th.direction === 'rtl' ? 'scaleX(-1)' : undefined) }} />
          }
        >
          {t('blog.back')}
        </Button>
      }
    >
      {id && isLoading ? (
        <Box role="status" aria-label={t('loading')} sx={{ display: 'grid', placeItems: 'center', py: 20 }}>
          <CircularProgress size={28} aria-label={t('loading')} />
        </Box>
      ) : id && (isError || !post) ? (
        <ErrorState message={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void refetch()} />
      ) : (
        <PostEditor key={post ? `${post.id}:${post.version}` : 'new'} post={post} />
      )}
    </AdminPage>
  );
}
