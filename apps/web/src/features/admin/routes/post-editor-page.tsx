import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { useTranslation } from 'react-i18next';
import { adminContentMessages } from '@knotwork/shared/schemas/admin-content';
import { paths } from '@/config/paths.ts';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { notify } from '@/lib/toast.ts';
import {
  uploadPostImage,
  useAdminPost,
  useCreatePost,
  useDeletePost,
  usePublishPost,
  useUpdatePost,
  type AdminPost,
} from '../api/content-posts.ts';
import { AdminPage } from '../components/admin-page.tsx';
import { MarkdownEditor } from '../components/markdown-editor.tsx';
import { adminMessage } from '../lib/server-message.ts';
import { useCan } from '../lib/use-can.ts';

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

/** datetime-local wants local wall time without a zone. */
const toLocalInput = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

function PostEditor({ post }: { post: AdminPost | undefined }) {
  const { t } = useTranslation('admin-content');
  const navigate = useNavigate();
  const editable = useCan().can('manage', 'content');
  const [v, setV] = useState({
    title: post?.title ?? '',
    slug: post?.slug ?? '',
    excerpt: post?.excerpt ?? '',
    author: post?.author ?? '',
    tags: post?.tags.join(', ') ?? '',
    publishedAt: toLocalInput(post?.publishedAt ?? null),
    bodyMarkdown: post?.bodyMarkdown ?? '',
    coverImageId: post?.coverImageId ?? null,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [stale, setStale] = useState(false);
  const [coverProgress, setCoverProgress] = useState<number | null>(null);
  const create = useCreatePost();
  const update = useUpdatePost(post?.id ?? '');
  const publish = usePublishPost(post?.id ?? '');
  const remove = useDeletePost();
  const saving = create.isPending || update.isPending;
  const set = (k: keyof typeof v) => (e: { target: { value: string } }) =>
    setV((s) => ({ ...s, [k]: e.target.value }));
  const dirty =
    !post ||
    v.title !== post.title ||
    v.slug !== post.slug ||
    v.excerpt !== post.excerpt ||
    v.author !== post.author ||
    v.tags !== post.tags.join(', ') ||
    v.publishedAt !== toLocalInput(post.publishedAt) ||
    v.bodyMarkdown !== post.bodyMarkdown ||
    v.coverImageId !== post.coverImageId;

  const onError = (error: unknown) => {
    if (error instanceof ApiError && error.status === 409 && error.code === 'STALE_VERSION') {
      setStale(true);
      return;
    }
    if (error instanceof ApiError) setErrors(error.fieldErrors);
    notify.error(adminMessage((error as Error).message));
  };

  const body = () => ({
    title: v.title,
    excerpt: v.excerpt,
    author: v.author,
    bodyMarkdown: v.bodyMarkdown,
    tags: v.tags
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    coverImageId: v.coverImageId,
    ...(v.slug.trim() ? { slug: v.slug.trim() } : {}),
    ...(post || v.publishedAt
      ? { publishedAt: v.publishedAt ? new Date(v.publishedAt).toISOString() : null }
      : {}),
  });

  const save = (e: React.FormEvent) => {
    e.preventDefault();
    setErrors({});
    if (!post)
      create.mutate(body(), {
        onSuccess: (res) => {
          notify.success(adminMessage(res.message));
          void navigate(paths.adminPost.href(res.data.id), { replace: true });
        },
        onError,
      });
    else
      update.mutate(
        { ...body(), version: post.version },
        { onSuccess: (res) => notify.success(adminMessage(res.message)), onError },
      );
  };

  const uploadCover = async (file: File) => {
    if (!post) return;
    setCoverProgress(0);
    try {
      const res = await uploadPostImage(post.id, file, setCoverProgress);
      setV((s) => ({ ...s, coverImageId: res.data.imageId }));
      notify.success(t('editor.coverChosen'));
    } catch (err) {
      notify.error(adminMessage((err as Error).message));
    } finally {
      setCoverProgress(null);
    }
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
          <Paper variant="outlined" sx={{ p: { xs: 3, md: 6 }, display: 'grid', gap: 3 }}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
              {t('blog.cover')}
            </Typography>
            {post.coverImage && v.coverImageId === post.coverImageId ? (
              <Box
                component="img"
                src={post.coverImage.fallback}
                alt={post.title}
                sx={{ width: '100%', maxHeight: 220, objectFit: 'cover', borderRadius: 1 }}
              />
            ) : (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {v.coverImageId ? t('blog.coverPending') : t('blog.noCover')}
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
                {v.coverImageId && (
                  <Button onClick={() => setV((s) => ({ ...s, coverImageId: null }))}>
                    {t('blog.removeCover')}
                  </Button>
                )}
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
        </Box>
      )}
    </Box>
  );
}
