import { lazy, Suspense, useState } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { alpha, type Theme } from '@mui/material/styles';
import OpenInFull from '@mui/icons-material/OpenInFull';
import ZoomIn from '@mui/icons-material/ZoomIn';
import { useTranslation } from 'react-i18next';
import type { ApiImage } from '@knotwork/shared/schemas/media';
import { imageSizes } from '@knotwork/shared/constants/image-sizes';
import { ResponsiveImage } from '@/components/ui/responsive-image.tsx';
import { RugPattern } from '@/components/ui/rug-pattern.tsx';
import { radius } from '@/lib/theme.ts';
import { largestSource } from '../lib/largest-source.ts';
import { HoverMagnifier } from './hover-magnifier.tsx';

// Loaded when first opened: MUI's Dialog, Modal and the viewers are not evaluated with the page (issue 24 §10: the
// page's modules are evaluated in one task before it hydrates). The page renders inside the MUI scope already.
const GalleryFullscreen = lazy(() =>
  import('./gallery-fullscreen.tsx').then((m) => ({ default: m.GalleryFullscreen })),
);
const ZoomDialog = lazy(() => import('./zoom-dialog.tsx').then((m) => ({ default: m.ZoomDialog })));

/** The main picture is about 58% of a desktop page and the whole width of a phone. */
// The server preloads the first picture with the same sizes (page-meta).
const MAIN_SIZES = imageSizes.rugMain;

const overlayButton = (th: Theme) => ({
  bgcolor: alpha(th.palette.background.paper, 0.9),
  backdropFilter: 'blur(6px)',
  '&:hover': { bgcolor: th.palette.background.paper },
});

/**
 * The rug's pictures: the chosen one large (loaded at once, magnified under the mouse), the others as
 * thumbnails (loaded lazily), and a full-screen view. A rug still waiting for its photographs shows its
 * woven pattern instead.
 */
export function RugGallery({ images, title, seed }: { images: ApiImage[]; title: string; seed: string }) {
  const { t } = useTranslation('rug');
  const [index, setIndex] = useState(0);
  const [fullscreen, setFullscreen] = useState(false);
  // Mounted from the first opening on, so that closing it plays its transition.
  const [fullscreenUsed, setFullscreenUsed] = useState(false);
  const [zooming, setZooming] = useState(false);
  const openFullscreen = () => {
    setFullscreen(true);
    setFullscreenUsed(true);
  };
  const current = images[Math.min(index, images.length - 1)];
  // The picture the zoom opens: this one if it has a Deep Zoom pyramid, else the rug's one that has (its largest).
  const zoomable = current?.zoom ? current : images.find((image) => image.zoom);
  const altFor = (image: ApiImage, i: number) =>
    image.alt ?? t('gallery.imageAlt', { title, index: i + 1, count: images.length });

  if (!current) {
    return (
      <Box
        role="img"
        aria-label={t('gallery.awaiting', { title })}
        sx={{
          aspectRatio: '4 / 5',
          borderRadius: `${radius.card}px`,
          bgcolor: 'background.subtle',
          display: 'grid',
          placeItems: 'center',
          p: 10,
        }}
      >
        <RugPattern seed={seed} orientation="portrait" style={{ width: '70%', maxHeight: '100%' }} />
      </Box>
    );
  }

  return (
    <Box data-testid="rug-gallery">
      <Box
        sx={{
          position: 'relative',
          borderRadius: `${radius.card}px`,
          overflow: 'hidden',
          bgcolor: 'background.subtle',
        }}
      >
        <ButtonBase
          onClick={openFullscreen}
          aria-label={t('gallery.openFullscreen', { index: index + 1, count: images.length })}
          sx={{ display: 'block', width: '100%', cursor: 'inherit' }}
        >
          <HoverMagnifier src={largestSource(current)} label={t('gallery.magnifier')}>
            <Box data-testid="gallery-main" data-image-id={current.id}>
              <ResponsiveImage
                key={current.id}
                image={current}
                sizes={MAIN_SIZES}
                eager={index === 0}
                alt={altFor(current, index)}
              />
            </Box>
          </HoverMagnifier>
        </ButtonBase>
        <Box sx={{ position: 'absolute', bottom: 16, insetInlineEnd: 16, display: 'flex', gap: 2 }}>
          {/* Only once the picture's Deep Zoom pyramid exists (cut a few seconds after the upload). */}
          {zoomable && (
            <Tooltip title={t('zoom.open')}>
              <IconButton onClick={() => setZooming(true)} aria-label={t('zoom.open')} sx={overlayButton}>
                <ZoomIn fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
          <Tooltip title={t('gallery.fullscreen')}>
            <IconButton onClick={openFullscreen} aria-label={t('gallery.fullscreen')} sx={overlayButton}>
              <OpenInFull fontSize="small" />
            </IconButton>
          </Tooltip>
        </Box>
      </Box>

      {images.length > 1 && (
        <Box
          component="ul"
          aria-label={t('gallery.thumbnails')}
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            mt: 4,
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fill, minmax(72px, 1fr))',
            gap: 3,
          }}
        >
          {images.map((image, i) => (
            <Box component="li" key={image.id}>
              <ButtonBase
                onClick={() => setIndex(i)}
                aria-label={t('gallery.show', { index: i + 1, count: images.length })}
                aria-current={i === index ? 'true' : undefined}
                sx={(th) => ({
                  display: 'block',
                  width: '100%',
                  borderRadius: `${radius.small}px`,
                  overflow: 'hidden',
                  outline: i === index ? `2px solid ${th.palette.text.primary}` : '2px solid transparent',
                  outlineOffset: 2,
                  opacity: i === index ? 1 : 0.72,
                  transition: 'opacity 200ms ease, outline-color 200ms ease',
                  '&:hover': { opacity: 1 },
                  '&.Mui-focusVisible': { outlineColor: th.palette.accent.main },
                })}
              >
                <ResponsiveImage image={image} sizes="96px" alt="" aspectRatio="1 / 1" />
              </ButtonBase>
            </Box>
          ))}
        </Box>
      )}

      {zooming && zoomable?.zoom && (
        <Suspense fallback={null}>
          <ZoomDialog zoom={zoomable.zoom} title={title} onClose={() => setZooming(false)} />
        </Suspense>
      )}

      {(fullscreen || fullscreenUsed) && (
        <Suspense fallback={null}>
          <GalleryFullscreen
            open={fullscreen}
            images={images}
            index={index}
            title={title}
            onIndexChange={setIndex}
            onClose={() => setFullscreen(false)}
          />
        </Suspense>
      )}
    </Box>
  );
}
