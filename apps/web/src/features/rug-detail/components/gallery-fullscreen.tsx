import { useRef, type KeyboardEvent, type TouchEvent } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { useTheme } from '@mui/material/styles';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { useTranslation } from 'react-i18next';
import type { ApiImage } from '@knotwork/shared/schemas/media';
import { ResponsiveImage } from '@/components/ui/responsive-image.tsx';
import { ViewerDialog } from './viewer-dialog.tsx';

/** A horizontal swipe shorter than this is a tap or a wobble, not a request for the next picture. */
const SWIPE_MIN_PX = 50;

export interface GalleryFullscreenProps {
  open: boolean;
  images: ApiImage[];
  index: number;
  title: string;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}

/**
 * Every picture of the rug at the size of the screen. Left and right arrows (mirrored in right-to-left) and the
 * buttons move between pictures, Escape closes and focus goes back to what opened it (MUI Dialog). On touch
 * screens the picture may be pinched with the browser's own zoom, and a one-finger swipe changes picture while
 * the page is not zoomed.
 */
export function GalleryFullscreen({
  open,
  images,
  index,
  title,
  onIndexChange,
  onClose,
}: GalleryFullscreenProps) {
  const { t } = useTranslation('rug');
  const theme = useTheme();
  const rtl = theme.direction === 'rtl';
  const touchStart = useRef<{ x: number; y: number } | null>(null);
  const count = images.length;
  const image = images[index];
  const go = (delta: number) => onIndexChange((index + delta + count) % count);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
      event.preventDefault();
      const forward = event.key === 'ArrowRight' ? !rtl : rtl;
      go(forward ? 1 : -1);
    } else if (event.key === 'Home') {
      event.preventDefault();
      onIndexChange(0);
    } else if (event.key === 'End') {
      event.preventDefault();
      onIndexChange(count - 1);
    }
  };

  const onTouchStart = (event: TouchEvent) => {
    const touch = event.touches[0];
    touchStart.current = event.touches.length === 1 && touch ? { x: touch.clientX, y: touch.clientY } : null;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const start = touchStart.current;
    touchStart.current = null;
    const touch = event.changedTouches[0];
    // While pinched in, a finger pans the zoomed page; only an unzoomed page turns pictures.
    if (!start || !touch || (window.visualViewport?.scale ?? 1) > 1.01) return;
    const dx = touch.clientX - start.x;
    if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) < Math.abs(touch.clientY - start.y)) return;
    go(dx < 0 !== rtl ? 1 : -1);
  };

  // Previous sits at the start edge: on the right, pointing right, in a right-to-left page.
  const flip = { transform: rtl ? 'scaleX(-1)' : 'none' };
  const navButton = {
    color: 'common.white',
    bgcolor: 'rgba(255,255,255,0.08)',
    '&:hover': { bgcolor: 'rgba(255,255,255,0.18)' },
  } as const;

  return (
    <ViewerDialog
      open={open}
      onClose={onClose}
      onKeyDown={onKeyDown}
      titleId="gallery-fullscreen-title"
      title={title}
      subtitle={t('gallery.position', { index: index + 1, count })}
      subtitleProps={{
        'aria-live': 'polite',
        // Plaintext: "1 of 3" keeps its order in a right-to-left page until the words are a right-to-left language's.
        style: {
          color: 'rgba(255,255,255,0.7)',
          fontVariantNumeric: 'tabular-nums',
          unicodeBidi: 'plaintext',
        },
      }}
      closeLabel={t('gallery.close')}
      closeSx={navButton}
    >
      <Box
        onTouchStart={onTouchStart}
        onTouchEnd={onTouchEnd}
        sx={{
          position: 'relative',
          flex: 1,
          minHeight: 0,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          px: { xs: 2, md: 20 },
          pb: { xs: 4, md: 8 },
          // Let the browser pinch-zoom the picture natively.
          touchAction: 'pan-x pan-y pinch-zoom',
        }}
      >
        {image && (
          <Box
            data-testid="gallery-fullscreen-image"
            data-image-index={index}
            sx={{ width: `min(100%, calc((100dvh - 140px) * ${image.width} / ${image.height}))` }}
          >
            <ResponsiveImage
              key={image.id}
              image={image}
              sizes="100vw"
              eager
              alt={image.alt ?? t('gallery.imageAlt', { title, index: index + 1, count })}
              fit="contain"
            />
          </Box>
        )}
        {count > 1 && (
          <>
            <IconButton
              onClick={() => go(-1)}
              aria-label={t('gallery.previous')}
              sx={{
                ...navButton,
                position: 'absolute',
                insetInlineStart: { xs: 8, md: 24 },
                top: '50%',
                transform: 'translateY(-50%)',
              }}
            >
              <ChevronLeft sx={flip} />
            </IconButton>
            <IconButton
              onClick={() => go(1)}
              aria-label={t('gallery.next')}
              sx={{
                ...navButton,
                position: 'absolute',
                insetInlineEnd: { xs: 8, md: 24 },
                top: '50%',
                transform: 'translateY(-50%)',
              }}
            >
              <ChevronRight sx={flip} />
            </IconButton>
          </>
        )}
      </Box>
    </ViewerDialog>
  );
}
