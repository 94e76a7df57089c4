import { useState } from 'react';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { adminContentMessages } from '@knotwork/shared/schemas/content-staff';
import { paths } from '@/config/paths.ts';
import { ApiError } from '@/lib/api-client.ts';
import { notify } from '@/lib/toast.ts';
import { uploadPostImage, useCreatePost, useUpdatePost, type AdminPost } from '../../api/content-posts.ts';
import { adminMessage } from '../../../shell/server-message.ts';
import { useCan } from '../../../shell/use-can.ts';
import { MarkdownEditor } from '../markdown-editor.tsx';
import { PostCoverPanel } from './post-cover-panel.tsx';
import { PostPublicationPanel } from './post-publication-panel.tsx';
import { isDirty, postBody, postValues } from './post-values.ts';

/** A post's fields and Markdown with a live preview; once saved, its publication and its cover beside. */
export function PostEditor({ post }: { post: AdminPost | undefined }) {
  const { t } = useTranslation('admin-content');
  const navigate = useNavigate();
  const editable = useCan().can('manage', 'content');
  const [v, setV] = useState(() => postValues(post));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [stale, setStale] = useState(false);
  const create = useCreatePost();
  const update = useUpdatePost(post?.id ?? '');
  const saving = create.isPending || update.isPending;
  const set = (k: keyof typeof v) => (e: { target: { value: string } }) =>
    setV((s) => ({ ...s, [k]: e.target.value }));
  const dirty = isDirty(v, post);

  const onError = (error: unknown) => {
    if (error instanceof ApiError && error.status === 409 && error.code === 'STALE_VERSION') {
      setStale(true);
      return;
    }
    if (error instanceof ApiError) setErrors(error.fieldErrors);
    notify.error(adminMessage((error as Error).message));
  };

  const save = (e: React.FormEvent) => {
    e.preventDefault();
    setErrors({});
    if (!post)
      create.mutate(postBody(v, post), {
        onSuccess: (res) => {
          notify.success(adminMessage(res.message));
          void navigate(paths.adminPost.href(res.data.id), { replace: true });
        },
        onError,
      });
    else
      update.mutate(
        { ...postBody(v, post), version: post.version },
        { onSuccess: (res) => notify.success(adminMessage(res.message)), onError },
      );
  };

  const field = (k: keyof typeof v, label: string, extra: object = {}) => (
    <TextField
      label={label}
      value={v[k] ?? ''}
      onChange={set(k)}
      disabled={!editable || saving}
      error={Boolean(errors[k])}
      helperText={errors[k] ? adminMessage(errors[k]) : undefined}
      {...extra}
    />
  );

  return (
    <Box sx={{ display: 'grid', gap: 5 }}>
      {stale && (
        <Alert
          severity="warning"
          action={
            <Button color="inherit" size="small" onClick={() => window.location.reload()}>
              {t('reload')}
            </Button>
          }
        >
          {adminMessage(adminContentMessages.staleVersion)}
        </Alert>
      )}
      <Paper
        variant="outlined"
        component="form"
        noValidate
        onSubmit={save}
        aria-label={t('blog.formLabel')}
        sx={{ p: { xs: 3, md: 6 }, display: 'grid', gap: 4 }}
      >
        <Box sx={{ display: 'grid', gap: 4, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' } }}>
          {field('title', t('blog.fields.title'), { required: true })}
          {field('author', t('blog.fields.author'), { required: true })}
          {field('slug', t('blog.fields.slug'), {
            helperText: errors.slug ? adminMessage(errors.slug) : t('blog.slugHelp'),
          })}
          {field('publishedAt', t('blog.fields.publishedAt'), {
            type: 'datetime-local',
            slotProps: { inputLabel: { shrink: true } },
            helperText: t('blog.publishedAtHelp'),
          })}
          {field('excerpt', t('blog.fields.excerpt'), { multiline: true, minRows: 2 })}
          {field('tags', t('blog.fields.tags'), { helperText: t('blog.tagsHelp') })}
        </Box>
        <MarkdownEditor
          id="post-body"
          label={t('blog.fields.body')}
          value={v.bodyMarkdown}
          onChange={(bodyMarkdown) => setV((s) => ({ ...s, bodyMarkdown }))}
          disabled={!editable || saving}
          error={errors.bodyMarkdown}
          {...(post
            ? { upload: async (file, onProgress) => (await uploadPostImage(post.id, file, onProgress)).data }
            : {})}
        />
        {!post && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('blog.imagesAfterCreate')}
          </Typography>
        )}
        {editable && (
          <Box sx={{ display: 'flex', gap: 3, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
            <Button type="submit" variant="contained" disabled={saving || (post && !dirty)}>
              {post ? t('save') : t('blog.create')}
            </Button>
          </Box>
        )}
      </Paper>
      {post && (
        <Box
          sx={{
            display: 'grid',
            gap: 5,
            gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
            alignItems: 'start',
          }}
        >
          <PostPublicationPanel post={post} dirty={dirty} editable={editable} onError={onError} />
          <PostCoverPanel
            post={post}
            coverImageId={v.coverImageId}
            onCoverImageId={(coverImageId) => setV((s) => ({ ...s, coverImageId }))}
            editable={editable}
          />
        </Box>
      )}
    </Box>
  );
}
