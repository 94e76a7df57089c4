import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { adminRugMessages } from '@knotwork/shared/schemas/catalogue-staff';
import { paths } from '@/config/paths.ts';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { notify } from '@/lib/toast.ts';
import { useAdminRug, useCreateRug, usePublishRug, useUpdateRug, type AdminRug } from '../api/rugs.ts';
import { AdminPage } from '../../shell/admin-page.tsx';
import { RugFormFields } from '../components/rug-form-fields.tsx';
import { RugPhotos } from '../components/rug-photos.tsx';
import { adminMessage } from '../../shell/server-message.ts';
import { emptyRug, toFormValues, toRugInput, type RugField, type RugFormValues } from '../lib/rug-form.ts';
import { useCan } from '../../shell/use-can.ts';
import { RugConsignment } from '../../consignors/components/rug-consignment.tsx';

/** /admin/rugs/new and /admin/rugs/:id: every catalogue field, the photos, and publishing. */
export default function RugEditorPage() {
  const { id } = useParams();
  const { t } = useTranslation('admin');
  const { data: rug, isLoading, isError, refetch } = useAdminRug(id);
  const title = id ? (rug?.title ?? t('rugs.edit')) : t('rugs.new');
  return (
    <AdminPage
      title={title}
      subject="rug"
      actions={
        <Button
          component={RouterLink}
          to={paths.adminRugs.href()}
          startIcon={
            <ArrowBack sx={{ transform: (th) => (th.direction === 'rtl' ? 'scaleX(-1)' : undefined) }} />
          }
        >
          {t('rugs.back')}
        </Button>
      }
    >
      {id && isLoading ? (
        <Box
          role="status"
          aria-label={t('common.loading')}
          sx={{ display: 'grid', placeItems: 'center', py: 20 }}
        >
          <CircularProgress size={28} aria-label={t('common.loading')} />
        </Box>
      ) : id && (isError || !rug) ? (
        <ErrorState
          message={t('common.loadFailed')}
          retryLabel={t('common.retry')}
          onRetry={() => void refetch()}
        />
      ) : (
        <RugEditor key={rug?.id ?? 'new'} rug={rug} />
      )}
    </AdminPage>
  );
}

function RugEditor({ rug }: { rug: AdminRug | undefined }) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const { can } = useCan();
  const editable = can('manage', 'rug');
  const form = useForm<RugFormValues>({ defaultValues: rug ? toFormValues(rug) : emptyRug });
  const create = useCreateRug();
  const update = useUpdateRug(rug?.id ?? '');
  const publish = usePublishRug(rug?.id ?? '');
  const [stale, setStale] = useState(false);
  const saving = create.isPending || update.isPending;

  // After a save the server's rug (new version) becomes the form's baseline.
  useEffect(() => {
    if (rug) form.reset(toFormValues(rug), { keepDirtyValues: false });
  }, [rug?.version]); // eslint-disable-line react-hooks/exhaustive-deps

  const showServerErrors = (error: unknown) => {
    if (error instanceof ApiError && error.status === 409 && error.code === 'STALE_VERSION') {
      setStale(true);
      return;
    }
    if (error instanceof ApiError)
      for (const [field, message] of Object.entries(error.fieldErrors))
        form.setError(field as RugField, { type: 'server', message });
    notify.error(adminMessage((error as Error).message));
  };

  const onSubmit = form.handleSubmit((values) => {
    const input = toRugInput(values);
    if ('errors' in input) {
      for (const [field, message] of Object.entries(input.errors))
        form.setError(field as RugField, { type: 'validate', message });
      return;
    }
    if (!rug) {
      create.mutate(input.data, {
        onSuccess: (res) => {
          notify.success(adminMessage(res.message));
          void navigate(paths.adminRug.href(res.data.id), { replace: true });
        },
        onError: showServerErrors,
      });
    } else {
      update.mutate(
        { ...input.data, version: rug.version },
        { onSuccess: (res) => notify.success(adminMessage(res.message)), onError: showServerErrors },
      );
    }
  });

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 6,
        gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 3fr) minmax(300px, 2fr)' },
        alignItems: 'start',
      }}
    >
      <Paper
        variant="outlined"
        component="form"
        noValidate
        onSubmit={(e) => void onSubmit(e)}
        aria-label={t('rugs.formLabel')}
        sx={{ p: { xs: 4, md: 6 }, display: 'grid', gap: 6 }}
      >
        {stale && (
          <Alert
            severity="warning"
            action={
              <Button color="inherit" size="small" onClick={() => window.location.reload()}>
                {t('common.reload')}
              </Button>
            }
          >
            {adminMessage(adminRugMessages.staleVersion)}
          </Alert>
        )}
        <RugFormFields control={form.control} disabled={!editable || saving} />
        {editable && (
          <Box sx={{ display: 'flex', gap: 3, justifyContent: 'flex-end' }}>
            <Button type="submit" variant="contained" disabled={saving}>
              {rug ? t('rugs.save') : t('rugs.create')}
            </Button>
          </Box>
        )}
      </Paper>
      {rug ? (
        <Box sx={{ display: 'grid', gap: 6 }}>
          <Paper variant="outlined" sx={{ p: { xs: 4, md: 6 }, display: 'grid', gap: 3 }}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
              {t('rugs.publication')}
            </Typography>
            <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
              <Chip
                variant="outlined"
                label={t(`rugs.status.${rug.status}`)}
                color={rug.status === 'available' ? 'success' : 'default'}
              />
              {rug.lotStatus && (
                <Chip
                  variant="outlined"
                  label={t('rugs.inLot', { status: t(`lots.status.${rug.lotStatus}`) })}
                />
              )}
            </Box>
            <RugConsignment rugId={rug.id} />
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {rug.status === 'draft' || rug.status === 'withdrawn'
                ? t('rugs.hiddenHelp')
                : t('rugs.visibleHelp')}
            </Typography>
            {editable &&
              (rug.status === 'draft' || rug.status === 'withdrawn' || rug.status === 'available') && (
                <Box>
                  <Button
                    variant={rug.status === 'available' ? 'outlined' : 'contained'}
                    disabled={publish.isPending || form.formState.isDirty}
                    onClick={() =>
                      publish.mutate(
                        { publish: rug.status !== 'available', version: rug.version },
                        {
                          onSuccess: (res) => notify.success(adminMessage(res.message)),
                          onError: showServerErrors,
                        },
                      )
                    }
                  >
                    {rug.status === 'available' ? t('rugs.unpublish') : t('rugs.publish')}
                  </Button>
                  {form.formState.isDirty && (
                    <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mt: 1 }}>
                      {t('rugs.saveFirst')}
                    </Typography>
                  )}
                </Box>
              )}
          </Paper>
          <Paper variant="outlined" sx={{ p: { xs: 4, md: 6 }, display: 'grid', gap: 3 }}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
              {t('photos.title')}
            </Typography>
            <RugPhotos rug={rug} disabled={!editable} />
          </Paper>
        </Box>
      ) : (
        <Paper variant="outlined" sx={{ p: 6 }}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('rugs.photosAfterCreate')}
          </Typography>
        </Paper>
      )}
    </Box>
  );
}
