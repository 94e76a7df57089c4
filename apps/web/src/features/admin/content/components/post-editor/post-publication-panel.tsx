import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths.ts';
import { notify } from '@/lib/toast.ts';
import { useDeletePost, usePublishPost, type AdminPost } from '../../api/content-posts.ts';
import { adminMessage } from '../../../shell/server-message.ts';

/** A saved post's status, the publish switch (only once its edits are saved) and deleting it. */
export function PostPublicationPanel({
  post,
  dirty,
  editable,
  onError,
}: {
  post: AdminPost;
  dirty: boolean;
  editable: boolean;
  onError: (error: unknown) => void;
}) {
  const { t } = useTranslation('admin-content');
  const navigate = useNavigate();
  const publish = usePublishPost(post.id);
  const remove = useDeletePost();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, md: 6 }, display: 'grid', gap: 3 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {t('blog.publication')}
      </Typography>
      <Box>
        <Chip
          variant="outlined"
          color={post.status === 'published' ? 'success' : 'default'}
          label={t(`blog.status.${post.status}`)}
        />
      </Box>
      {editable && (
        <FormControlLabel
          control={
            <Switch
              checked={post.status !== 'draft'}
              disabled={publish.isPending || dirty}
              onChange={(e) =>
                publish.mutate(
                  { publish: e.target.checked, version: post.version },
                  { onSuccess: (res) => notify.success(adminMessage(res.message)), onError },
                )
              }
            />
          }
          label={t('blog.publishToggle')}
        />
      )}
      {dirty && editable && (
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {t('blog.saveFirst')}
        </Typography>
      )}
      {editable && (
        <Box>
          <Button
            color="error"
            variant="text"
            disabled={remove.isPending}
            onClick={() => {
              if (!window.confirm(t('blog.confirmDelete'))) return;
              remove.mutate(post.id, {
                onSuccess: (res) => {
                  notify.success(adminMessage(res.message));
                  void navigate(paths.adminContent.href('blog'));
                },
                onError,
              });
            }}
          >
            {t('blog.delete')}
          </Button>
        </Box>
      )}
    </Paper>
  );
}
