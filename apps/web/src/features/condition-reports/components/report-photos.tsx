import { useState } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import type { ApiImage } from '@knotwork/shared/schemas/media';
import { ResponsiveImage } from '@/components/ui/responsive-image.tsx';

/** The report's photographs as a grid of thumbnails; one opens large in a dialog. */
export function ReportPhotos({ photos }: { photos: readonly ApiImage[] }) {
  const { t } = useTranslation('condition-reports');
  const [open, setOpen] = useState<number | null>(null);
  if (photos.length === 0) return null;
  const count = photos.length;
  const shown = open === null ? undefined : photos[open];
  return (
    <Box component="section" aria-label={t('photos')}>
      <Box
        component="ul"
        sx={{
          m: 0,
          p: 0,
          listStyle: 'none',
          display: 'grid',
          gap: 2,
          gridTemplateColumns: 'repeat(auto-fill, minmax(96px, 1fr))',
        }}
      >
        {photos.map((photo, i) => (
          <li key={photo.id}>
            <ButtonBase
              onClick={() => setOpen(i)}
              aria-label={t('openPhoto', { index: i + 1, count })}
              data-testid="condition-photo"
              sx={{ display: 'block', width: '100%', borderRadius: '8px', overflow: 'hidden' }}
            >
              <ResponsiveImage image={photo} alt="" sizes="160px" aspectRatio="1 / 1" fit="cover" />
            </ButtonBase>
          </li>
        ))}
      </Box>
      {shown && (
        <Dialog open onClose={() => setOpen(null)} maxWidth="md" fullWidth>
          <DialogContent sx={{ p: 2 }}>
            <ResponsiveImage
              image={shown}
              alt={t('photoAlt', { index: (open ?? 0) + 1, count })}
              sizes="(min-width: 900px) 860px, 100vw"
              eager
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(null)}>{t('close')}</Button>
          </DialogActions>
        </Dialog>
      )}
    </Box>
  );
}
