import { useRef, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { useTranslation } from 'react-i18next';
import {
  CONDITION_REPORT_MAX,
  CONDITION_REPORT_MAX_PHOTOS,
  adminConditionAnswerSchema,
} from '@knotwork/shared/schemas/condition-reports';
import type { ApiImage } from '@knotwork/shared/schemas/media';
import { ResponsiveImage } from '@/components/ui/responsive-image.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { notify } from '@/lib/toast.ts';
import { adminMessage } from '../../shell/server-message.ts';
import { usePublishReport } from '../api/publish-report.ts';
import { uploadConditionPhoto } from '../api/upload-condition-photo.ts';

/**
 * The answer: the report's text and its photographs (each uploaded at once through the media pipeline, which
 * re-encodes it; removing one only leaves it out of the version). Publishing sends a new version: the first answer,
 * or a correction that starts from the latest text and photographs.
 */
export function ReportEditor({
  lotId,
  initial,
  correcting,
}: {
  lotId: string;
  initial: { body: string; photos: ApiImage[] };
  correcting: boolean;
}) {
  const { t } = useTranslation('admin-condition-reports');
  const input = useRef<HTMLInputElement>(null);
  const [body, setBody] = useState(initial.body);
  const [photos, setPhotos] = useState<ApiImage[]>(initial.photos);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | undefined>();
  const publish = usePublishReport(lotId);

  async function upload(files: File[]) {
    for (const file of files.slice(0, CONDITION_REPORT_MAX_PHOTOS - photos.length)) {
      setProgress(0);
      try {
        const res = await uploadConditionPhoto(lotId, file, setProgress);
        setPhotos((p) => [...p, res.data]);
      } catch (err) {
        notify.error(`${file.name}: ${adminMessage((err as Error).message)}`);
      } finally {
        setProgress(null);
      }
    }
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = adminConditionAnswerSchema.safeParse({ body, photoIds: photos.map((p) => p.id) });
    if (!parsed.success) {
      setError(adminMessage(parsed.error.issues[0]?.message));
      return;
    }
    setError(undefined);
    publish.mutate(parsed.data, {
      onSuccess: (res) => notify.success(adminMessage(res.message)),
      onError: (err) => {
        const field = err instanceof ApiError ? err.body.errors?.body : undefined;
        if (field) setError(adminMessage(field));
        notify.error(adminMessage(err.message));
      },
    });
  };

  return (
    <Box
      component="form"
      onSubmit={submit}
      noValidate
      sx={{ display: 'grid', gap: 4 }}
      data-testid="report-editor"
    >
      {correcting && (
        <Typography variant="body2" color="text.secondary">
          {t('page.correctNote')}
        </Typography>
      )}
      <TextField
        label={t('page.body')}
        value={body}
        onChange={(e) => setBody(e.target.value)}
        multiline
        minRows={8}
        required
        error={Boolean(error)}
        helperText={error ?? t('page.bodyHelp', { count: body.length })}
        slotProps={{ htmlInput: { maxLength: CONDITION_REPORT_MAX, 'data-testid': 'report-body' } }}
      />
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Typography variant="subtitle2" component="h3">
          {t('page.photos')}
        </Typography>
        {photos.length > 0 && (
          <Box
            component="ul"
            sx={{
              m: 0,
              p: 0,
              listStyle: 'none',
              display: 'grid',
              gap: 2,
              gridTemplateColumns: 'repeat(auto-fill, minmax(110px, 1fr))',
            }}
          >
            {photos.map((photo, i) => (
              <Box component="li" key={photo.id} sx={{ position: 'relative' }} data-testid="editor-photo">
                <ResponsiveImage
                  image={photo}
                  alt={t('page.photoAlt', { index: i + 1 })}
                  sizes="140px"
                  aspectRatio="1 / 1"
                  fit="cover"
                />
                <IconButton
                  size="small"
                  aria-label={t('page.removePhoto', { index: i + 1 })}
                  onClick={() => setPhotos((p) => p.filter((x) => x.id !== photo.id))}
                  sx={{ position: 'absolute', top: 4, insetInlineEnd: 4, bgcolor: 'background.paper' }}
                >
                  <DeleteOutline fontSize="small" />
                </IconButton>
              </Box>
            ))}
          </Box>
        )}
        {progress !== null && (
          <Box>
            <LinearProgress variant="determinate" value={progress * 100} />
            <Typography variant="caption">
              {t('page.uploading', { percent: Math.round(progress * 100) })}
            </Typography>
          </Box>
        )}
        <input
          ref={input}
          type="file"
          accept="image/*"
          multiple
          hidden
          data-testid="report-photo-input"
          onChange={(e) => {
            const files = [...(e.target.files ?? [])];
            e.target.value = '';
            if (files.length) void upload(files);
          }}
        />
        <Box>
          <Button
            variant="outlined"
            startIcon={<CloudUploadOutlined />}
            onClick={() => input.current?.click()}
            disabled={progress !== null || photos.length >= CONDITION_REPORT_MAX_PHOTOS}
          >
            {t('page.addPhotos')}
          </Button>
        </Box>
      </Box>
      <Box>
        <Button type="submit" variant="contained" disabled={publish.isPending || progress !== null}>
          {correcting ? t('page.publishCorrection') : t('page.publish')}
        </Button>
      </Box>
    </Box>
  );
}
