import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import {
  adminContentMessages,
  SITE_PAGE_SLUGS,
  type AdminHome,
  type AdminPage,
  type SitePageSlugName,
} from '@knotwork/shared/schemas/content-staff';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { notify } from '@/lib/toast.ts';
import { useAdminHome, useAdminPages, useSaveHome, useSavePage } from '../api/content-lists.ts';
import { adminMessage } from '../../shell/server-message.ts';
import { useCan } from '../../shell/use-can.ts';
import { MarkdownEditor } from './markdown-editor.tsx';

function Spinner() {
  const { t } = useTranslation('admin-content');
  return (
    <Box role="status" aria-label={t('loading')} sx={{ display: 'grid', placeItems: 'center', py: 12 }}>
      <CircularProgress size={28} aria-label={t('loading')} />
    </Box>
  );
}

function StaleAlert() {
  const { t } = useTranslation('admin-content');
  return (
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
  );
}

/** About, Terms and Privacy: pick one, edit its title and Markdown beside the preview, save under its version. */
export function PagesTab() {
  const { t } = useTranslation('admin-content');
  const pages = useAdminPages();
  const [slug, setSlug] = useState<SitePageSlugName>('about');
  if (pages.isPending) return <Spinner />;
  if (pages.isError)
    return (
      <ErrorState message={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void pages.refetch()} />
    );
  const page = pages.data.find((p) => p.slug === slug)!;
  return (
    <Box sx={{ display: 'grid', gap: 4 }}>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={slug}
        onChange={(_e, v: SitePageSlugName | null) => v && setSlug(v)}
        aria-label={t('pages.choose')}
        // The theme's quiet grey falls just under 4.5:1 on the page's background at this size.
        sx={{ flexWrap: 'wrap', '& .MuiToggleButton-root': { color: 'text.primary' } }}
      >
        {SITE_PAGE_SLUGS.map((s) => (
          <ToggleButton key={s} value={s}>
            {t(`pages.names.${s}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <PageEditor key={`${page.slug}:${page.version}`} page={page} />
    </Box>
  );
}

function PageEditor({ page }: { page: AdminPage }) {
  const { t } = useTranslation('admin-content');
  const editable = useCan().can('manage', 'content');
  const save = useSavePage(page.slug);
  const [title, setTitle] = useState(page.title);
  const [body, setBody] = useState(page.bodyMarkdown);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [stale, setStale] = useState(false);
  const dirty = title !== page.title || body !== page.bodyMarkdown;
  return (
    <Paper
      variant="outlined"
      component="form"
      noValidate
      aria-label={t('pages.formLabel', { page: t(`pages.names.${page.slug}`) })}
      onSubmit={(e) => {
        e.preventDefault();
        setErrors({});
        save.mutate(
          { title, bodyMarkdown: body, version: page.version },
          {
            onSuccess: (res) => notify.success(adminMessage(res.message)),
            onError: (err) => {
              if (err instanceof ApiError && err.status === 409) return setStale(true);
              if (err instanceof ApiError) setErrors(err.fieldErrors);
              notify.error(adminMessage(err.message));
            },
          },
        );
      }}
      sx={{ p: { xs: 3, md: 6 }, display: 'grid', gap: 4 }}
    >
      {stale && <StaleAlert />}
      {page.version === 0 && <Alert severity="info">{t('pages.notWritten')}</Alert>}
      <TextField
        label={t('pages.title')}
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        disabled={!editable || save.isPending}
        error={Boolean(errors.title)}
        helperText={errors.title ? adminMessage(errors.title) : undefined}
      />
      <MarkdownEditor
        id={`page-${page.slug}`}
        label={t('pages.body')}
        value={body}
        onChange={setBody}
        disabled={!editable || save.isPending}
        error={errors.bodyMarkdown}
      />
      {editable && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" disabled={!dirty || save.isPending}>
            {t('save')}
          </Button>
        </Box>
      )}
    </Paper>
  );
}

/** The home page's featured sale and collections. */
export function HomeTab() {
  const { t } = useTranslation('admin-content');
  const home = useAdminHome();
  if (home.isPending) return <Spinner />;
  if (home.isError)
    return (
      <ErrorState message={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void home.refetch()} />
    );
  return <HomeEditor key={home.data.version} home={home.data} />;
}

function HomeEditor({ home }: { home: AdminHome }) {
  const { t } = useTranslation('admin-content');
  const editable = useCan().can('manage', 'content');
  const save = useSaveHome();
  const [saleId, setSaleId] = useState(home.featuredSaleId ?? '');
  const [collectionIds, setCollectionIds] = useState(home.collectionIds);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [stale, setStale] = useState(false);
  const byId = new Map(home.collections.map((c) => [c.id, c]));
  return (
    <Paper
      variant="outlined"
      component="form"
      noValidate
      aria-label={t('home.formLabel')}
      onSubmit={(e) => {
        e.preventDefault();
        setErrors({});
        save.mutate(
          { featuredSaleId: saleId || null, collectionIds, version: home.version },
          {
            onSuccess: (res) => notify.success(adminMessage(res.message)),
            onError: (err) => {
              if (err instanceof ApiError && err.status === 409) return setStale(true);
              if (err instanceof ApiError) setErrors(err.fieldErrors);
              notify.error(adminMessage(err.message));
            },
          },
        );
      }}
      sx={{ p: { xs: 3, md: 6 }, display: 'grid', gap: 5, maxWidth: 760 }}
    >
      {stale && <StaleAlert />}
      <TextField
        select
        label={t('home.featuredSale')}
        value={saleId}
        onChange={(e) => setSaleId(e.target.value)}
        disabled={!editable || save.isPending}
        error={Boolean(errors.featuredSaleId)}
        helperText={errors.featuredSaleId ? adminMessage(errors.featuredSaleId) : t('home.featuredSaleHelp')}
      >
        <MenuItem value="">{t('home.noSale')}</MenuItem>
        {home.sales.map((s) => (
          <MenuItem key={s.id} value={s.id}>
            {s.title} · {new Date(s.startsAt).toLocaleDateString()}
          </MenuItem>
        ))}
      </TextField>
      <Autocomplete
        multiple
        options={home.collections.map((c) => c.id)}
        value={collectionIds}
        onChange={(_e, ids) => setCollectionIds(ids.slice(0, 12))}
        getOptionLabel={(id) => byId.get(id)?.title ?? id}
        disabled={!editable || save.isPending}
        renderInput={(params) => (
          <TextField
            {...params}
            label={t('home.collections')}
            error={Boolean(errors.collectionIds)}
            helperText={errors.collectionIds ? adminMessage(errors.collectionIds) : t('home.collectionsHelp')}
          />
        )}
      />
      {home.collections.length === 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('home.noCollections')}
        </Typography>
      )}
      {editable && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {t('save')}
          </Button>
        </Box>
      )}
    </Paper>
  );
}
