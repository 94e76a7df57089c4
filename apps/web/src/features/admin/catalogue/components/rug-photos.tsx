import { useRef, useState, type DragEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import ArrowForward from '@mui/icons-material/ArrowForward';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import StarOutline from '@mui/icons-material/StarOutline';
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import { useTranslation } from 'react-i18next';
import { ResponsiveImage } from '@/components/ui/responsive-image.tsx';
import { notify } from '@/lib/toast.ts';
import { useOrderPhotos, useRemovePhoto, type AdminRug } from '../api/rugs.ts';
import { uploadRugPhoto, useStoreRug } from '../api/upload-photo.ts';
import { adminMessage } from '../../shell/server-message.ts';

interface Upload {
  key: string;
  name: string;
  progress: number;
}

const move = <T,>(list: T[], from: number, to: number) => {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
};

/**
 * A rug's photos: drop files (or pick them) to upload, each with its progress; drag a photo, or use its
 * buttons, to reorder; the first is the cover. Uploads go one at a time, in the order given.
 */
export function RugPhotos({ rug, disabled }: { rug: AdminRug; disabled: boolean }) {
  const { t } = useTranslation('admin');
  const input = useRef<HTMLInputElement>(null);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [over, setOver] = useState(false);
  const [dragged, setDragged] = useState<number | null>(null);
  const store = useStoreRug();
  const order = useOrderPhotos(rug.id);
  const remove = useRemovePhoto(rug.id);
  const busy = disabled || order.isPending || remove.isPending;

  async function upload(files: File[]) {
    const queued = files.map((f, i) => ({ key: `${Date.now()}-${i}-${f.name}`, name: f.name, progress: 0 }));
    setUploads((u) => [...u, ...queued]);
    for (const [i, file] of files.entries()) {
      const key = queued[i]!.key;
      try {
        const res = await uploadRugPhoto(rug.id, file, (p) =>
          setUploads((u) => u.map((x) => (x.key === key ? { ...x, progress: p } : x))),
        );
        store(res);
      } catch (error) {
        notify.error(`${file.name}: ${adminMessage((error as Error).message)}`);
      } finally {
        setUploads((u) => u.filter((x) => x.key !== key));
      }
    }
  }

  const saved = (res: { message?: string }) => notify.success(adminMessage(res.message));
  const failed = (e: Error) => notify.error(adminMessage(e.message));
  const reorder = (ids: string[]) =>
    order.mutate({ version: rug.version, imageIds: ids }, { onSuccess: saved, onError: failed });
  const ids = rug.photos.map((p) => p.imageId);

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    const files = [...e.dataTransfer.files].filter((f) => f.type.startsWith('image/'));
    if (files.length && !disabled) void upload(files);
  };

  return (
    <Box sx={{ display: 'grid', gap: 4 }}>
      <Box
        onDragOver={(e) => {
          if (e.dataTransfer.types.includes('Files')) {
            e.preventDefault();
            setOver(true);
          }
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        sx={{
          border: 2,
          borderStyle: 'dashed',
          borderColor: over ? 'accent.main' : 'divider',
          borderRadius: '16px',
          p: 6,
          textAlign: 'center',
          bgcolor: over ? 'background.subtle' : 'transparent',
          transition: 'background-color 150ms, border-color 150ms',
        }}
      >
        <CloudUploadOutlined sx={{ color: 'accent.main', fontSize: 32 }} aria-hidden />
        <Typography variant="body2" sx={{ color: 'text.secondary', my: 2 }}>
          {t('photos.drop')}
        </Typography>
        <Button variant="outlined" size="small" disabled={disabled} onClick={() => input.current?.click()}>
          {t('photos.choose')}
        </Button>
        <input
          ref={input}
          hidden
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
          multiple
          aria-label={t('photos.choose')}
          onChange={(e) => {
            const files = [...(e.target.files ?? [])];
            e.target.value = '';
            if (files.length) void upload(files);
          }}
        />
      </Box>
      {uploads.map((u) => (
        <Box key={u.key} sx={{ display: 'grid', gap: 1 }}>
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {t('photos.uploading', { name: u.name, percent: Math.round(u.progress * 100) })}
          </Typography>
          <LinearProgress
            variant="determinate"
            value={u.progress * 100}
            aria-label={t('photos.uploading', { name: u.name, percent: Math.round(u.progress * 100) })}
          />
        </Box>
      ))}
      {rug.photos.length === 0 && uploads.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('photos.none')}
        </Typography>
      ) : (
        <Box
          component="ol"
          aria-label={t('photos.list')}
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gap: 3,
            gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
          }}
        >
          {rug.photos.map((photo, index) => (
            <Box
              component="li"
              key={photo.imageId}
              draggable={!busy}
              onDragStart={() => setDragged(index)}
              onDragOver={(e) => dragged !== null && e.preventDefault()}
              onDrop={(e) => {
                e.preventDefault();
                e.stopPropagation();
                if (dragged !== null && dragged !== index) reorder(move(ids, dragged, index));
                setDragged(null);
              }}
              sx={{
                border: 1,
                borderColor: index === 0 ? 'accent.main' : 'divider',
                borderRadius: '12px',
                overflow: 'hidden',
                bgcolor: 'background.paper',
                cursor: busy ? 'default' : 'grab',
              }}
            >
              <Box sx={{ position: 'relative', aspectRatio: '4 / 3', bgcolor: photo.image.color }}>
                <ResponsiveImage
                  image={photo.image}
                  alt={t('photos.alt', { n: index + 1 })}
                  sizes="160px"
                  sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
                />
                {index === 0 && (
                  <Chip
                    size="small"
                    label={t('photos.cover')}
                    color="primary"
                    sx={{ position: 'absolute', insetInlineStart: 8, top: 8 }}
                  />
                )}
              </Box>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', px: 1 }}>
                <Tooltip title={t('photos.earlier')}>
                  <span>
                    <IconButton
                      size="small"
                      aria-label={t('photos.earlierN', { n: index + 1 })}
                      disabled={busy || index === 0}
                      onClick={() => reorder(move(ids, index, index - 1))}
                    >
                      <ArrowBack
                        fontSize="small"
                        sx={{ transform: (th) => (th.direction === 'rtl' ? 'scaleX(-1)' : undefined) }}
                      />
                    </IconButton>
                  </span>
                </Tooltip>
                <Tooltip title={t('photos.makeCover')}>
                  <span>
                    <IconButton
                      size="small"
                      aria-label={t('photos.makeCoverN', { n: index + 1 })}
                      disabled={busy || index === 0}
                      onClick={() => reorder(move(ids, index, 0))}
                    >
                      <StarOutline fontSize="small" />
                    </IconButton>
                  </span>
                </Tooltip>
                <Tooltip title={t('photos.later')}>
                  <span>
                    <IconButton
                      size="small"
                      aria-label={t('photos.laterN', { n: index + 1 })}
                      disabled={busy || index === ids.length - 1}
                      onClick={() => reorder(move(ids, index, index + 1))}
                    >
                      <ArrowForward
                        fontSize="small"
                        sx={{ transform: (th) => (th.direction === 'rtl' ? 'scaleX(-1)' : undefined) }}
                      />
                    </IconButton>
                  </span>
                </Tooltip>
                <Tooltip title={t('photos.remove')}>
                  <span>
                    <IconButton
                      size="small"
                      aria-label={t('photos.removeN', { n: index + 1 })}
                      disabled={busy}
                      onClick={() => remove.mutate(photo.imageId, { onSuccess: saved, onError: failed })}
                    >
                      <DeleteOutline fontSize="small" />
                    </IconButton>
                  </span>
                </Tooltip>
              </Box>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
