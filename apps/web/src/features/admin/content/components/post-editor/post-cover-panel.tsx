import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/toast.ts';
import { uploadPostImage, type AdminPost } from '../../api/content-posts.ts';
import { adminMessage } from '../../../shell/server-message.ts';

/**
 * A saved post's cover: the current picture, choosing another (uploaded at once, with progress) or none. The
 * choice is the form's `coverImageId`, saved with the post's other fields.
 */
export function PostCoverPanel({
  post,
  coverImageId,
  onCoverImageId,
  editable,
}: {
  post: AdminPost;
  coverImageId: string | null;
  onCoverImageId: (id: string | null) => void;
  editable: boolean;
}) {
  const { t } = useTranslation('admin-content');
  const [coverProgress, setCoverProgress] = useState<number | null>(null);
  const uploadCover = async (file: File) => {
    setCoverProgress(0);
    try {
      const res = await uploadPostImage(post.id, file, setCoverProgress);
      onCoverImageId(res.data.imageId);
      notify.success(t('editor.coverChosen'));
    } catch (err) {
      notify.error(adminMessage((err as Error).message));
    } finally {
      setCoverProgress(null);
    }
  };
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, md: 6 }, display: 'grid', gap: 3 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {t('blog.cover')}
      </Typography>
      {post.coverImage && coverImageId === post.coverImageId ? (
        <Box
          component="img"
          src={post.coverImage.fallback}
          alt={post.title}
          sx={{ width: '100%', maxHeight: 220, objectFit: 'cover', borderRadius: 1 }}
        />
      ) : (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {coverImageId ? t('blog.coverPending') : t('blog.noCover')}
        </Typography>
      )}
      {editable && (
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <Button variant="outlined" component="label" disabled={coverProgress !== null}>
            {t('blog.chooseCover')}
            <input
              hidden
              type="file"
              accept="image/jpeg,image/png,image/webp,image/avif,image/heic"
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (file) void uploadCover(file);
              }}
            />
          </Button>
          {coverImageId && <Button onClick={() => onCoverImageId(null)}>{t('blog.removeCover')}</Button>}
        </Box>
      )}
      {coverProgress !== null && (
        <LinearProgress
          variant="determinate"
          value={Math.round(coverProgress * 100)}
          aria-label={t('editor.uploading')}
        />
      )}
    </Paper>
  );
}
