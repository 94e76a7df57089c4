import { useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddPhotoAlternateOutlined from '@mui/icons-material/AddPhotoAlternateOutlined';
import { useTranslation } from 'react-i18next';
import { ArticleBody } from '@/components/ui/article-body.tsx';
import { notify } from '@/lib/toast.ts';
import { usePreview } from '../api/content-posts.ts';
import { adminMessage } from '../../shell/server-message.ts';
import { useDebounced } from '../../shell/use-debounced.ts';

export type UploadImage = (file: File, onProgress: (fraction: number) => void) => Promise<{ url: string }>;

/**
 * A Markdown field beside its live preview, rendered by the server with the public pages' own renderer and
 * sanitiser and shown in the article's reading type, so what staff see is what visitors get. With `upload`, a
 * picture goes through the media pipeline (with progress) and lands in the text where the cursor was.
 */
export function MarkdownEditor({
  id,
  label,
  value,
  onChange,
  disabled,
  upload,
  error,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  upload?: UploadImage;
  error?: string;
}) {
  const { t } = useTranslation('admin-content');
  const field = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const settled = useDebounced(value, 400);
  const preview = usePreview(settled);

  const insertImage = async (file: File) => {
    if (!upload) return;
    setProgress(0);
    try {
      const { url } = await upload(file, setProgress);
      const alt = file.name.replace(/\.[^.]+$/, '').replace(/[[\]]/g, '');
      const at = field.current?.selectionEnd ?? value.length;
      const snippet = `\n\n![${alt}](${url})\n\n`;
      onChange(`${value.slice(0, at)}${snippet}${value.slice(at)}`.replace(/^\n+/, ''));
      notify.success(t('editor.imageInserted'));
    } catch (e) {
      notify.error(adminMessage((e as Error).message));
    } finally {
      setProgress(null);
    }
  };

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 4,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
        alignItems: 'start',
      }}
    >
      <Box sx={{ display: 'grid', gap: 2 }}>
        <TextField
          id={id}
          label={label}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          disabled={disabled}
          multiline
          minRows={14}
          inputRef={field}
          error={Boolean(error)}
          helperText={error ? adminMessage(error) : t('editor.markdownHelp')}
          slotProps={{
            htmlInput: { spellCheck: true, style: { fontFamily: 'ui-monospace, monospace', fontSize: 14 } },
          }}
        />
        {upload && !disabled && (
          <Box sx={{ display: 'grid', gap: 1 }}>
            <input
              ref={fileInput}
              type="file"
              accept="image/jpeg,image/png,image/webp,image/avif,image/heic"
              hidden
              aria-label={t('editor.insertImage')}
              data-testid={`${id}-image-input`}
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (file) void insertImage(file);
              }}
            />
            <Box>
              <Button
                variant="outlined"
                size="small"
                startIcon={<AddPhotoAlternateOutlined />}
                disabled={progress !== null}
                onClick={() => fileInput.current?.click()}
              >
                {t('editor.insertImage')}
              </Button>
            </Box>
            {progress !== null && (
              <LinearProgress
                variant="determinate"
                value={Math.round(progress * 100)}
                aria-label={t('editor.uploading')}
              />
            )}
          </Box>
        )}
      </Box>
      <Paper
        variant="outlined"
        sx={{ p: { xs: 3, md: 5 }, minHeight: 200 }}
        aria-label={t('editor.preview')}
        role="region"
      >
        <Typography variant="overline" component="p" sx={{ color: 'text.secondary', mb: 2 }}>
          {t('editor.preview')}
        </Typography>
        {preview.isError ? (
          <Typography variant="body2" sx={{ color: 'error.main' }}>
            {t('editor.previewFailed')}
          </Typography>
        ) : preview.data === undefined ? (
          <LinearProgress aria-label={t('editor.previewLoading')} />
        ) : preview.data === '' ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('editor.previewEmpty')}
          </Typography>
        ) : (
          <ArticleBody html={preview.data} data-testid={`${id}-preview`} sx={{ fontSize: '1rem' }} />
        )}
      </Paper>
    </Box>
  );
}
