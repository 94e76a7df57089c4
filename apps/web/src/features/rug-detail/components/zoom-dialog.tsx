import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import FitScreen from '@mui/icons-material/FitScreen';
import Remove from '@mui/icons-material/Remove';
import { useTranslation } from 'react-i18next';
import type { ApiImageZoom } from '@knotwork/shared/schemas/media';
import { openZoomViewer, type ZoomViewer } from '../lib/zoom-viewer.ts';
import { ViewerDialog } from './viewer-dialog.tsx';

/** Each press of a zoom button or key: by half again (and back). */
const ZOOM_STEP = 1.5;
/** Each arrow key moves the view by this share of what is visible. */
const PAN_STEP = 0.15;
const PAN_KEYS: Record<string, [number, number]> = {
  ArrowLeft: [-PAN_STEP, 0],
  ArrowRight: [PAN_STEP, 0],
  ArrowUp: [0, -PAN_STEP],
  ArrowDown: [0, PAN_STEP],
};

export interface ZoomDialogProps {
  zoom: ApiImageZoom;
  title: string;
  onClose: () => void;
}

/**
 * The rug's largest photograph at full resolution (a Deep Zoom pyramid in OpenSeadragon, loaded only now), full
 * screen: the dialog's own buttons zoom in and out and fit the picture; + and -, the arrows and 0 do the same from
 * the keyboard, Escape closes (MUI Dialog, focus back to the Zoom button); pinch, drag, scroll and double-tap on the
 * picture itself. The viewer stays left-to-right in an Arabic page: a picture's left is its left.
 */
export function ZoomDialog({ zoom, title, onClose }: ZoomDialogProps) {
  const { t } = useTranslation('rug');
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  const viewer = useRef<ZoomViewer | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [level, setLevel] = useState(1);

  useEffect(() => {
    if (!element) return;
    let cancelled = false;
    let opened: ZoomViewer | null = null;
    openZoomViewer(element, zoom, {
      onOpen: () => !cancelled && setState('ready'),
      onFail: () => !cancelled && setState('failed'),
      onZoom: (z) => !cancelled && setLevel(z),
    }).then(
      (v) => {
        if (cancelled) v.destroy();
        else viewer.current = opened = v;
      },
      () => !cancelled && setState('failed'),
    );
    return () => {
      cancelled = true;
      opened?.destroy();
      viewer.current = null;
    };
  }, [element, zoom]);

  const onKeyDown = (event: KeyboardEvent) => {
    const v = viewer.current;
    if (!v || event.altKey || event.ctrlKey || event.metaKey) return;
    const pan = PAN_KEYS[event.key];
    if (event.key === '+' || event.key === '=') v.zoomBy(ZOOM_STEP);
    else if (event.key === '-' || event.key === '_') v.zoomBy(1 / ZOOM_STEP);
    else if (event.key === '0') v.home();
    else if (pan) v.panBy(pan[0], pan[1]);
    else return;
    event.preventDefault();
  };

  const control = {
    color: 'common.white',
    bgcolor: 'rgba(18,17,15,0.72)',
    backdropFilter: 'blur(6px)',
    '&:hover': { bgcolor: 'rgba(18,17,15,0.9)' },
    '&.Mui-disabled': { color: 'rgba(255,255,255,0.38)' },
  } as const;
  const ready = state === 'ready';

  return (
    <ViewerDialog
      open
      onClose={onClose}
      onKeyDown={onKeyDown}
      titleId="zoom-dialog-title"
      title={t('zoom.heading', { title })}
      subtitle={t('zoom.help')}
      subtitleProps={{ id: 'zoom-dialog-help' }}
      describedBy="zoom-dialog-help"
      closeLabel={t('zoom.close')}
      closeSx={control}
    >
      <Box sx={{ position: 'relative', flex: 1, minHeight: 0 }}>
        <Box
          ref={setElement}
          dir="ltr"
          data-testid="zoom-viewer"
          data-zoom={level.toFixed(3)}
          data-state={state}
          role="group"
          aria-label={t('zoom.viewer', { title })}
          // OpenSeadragon takes every touch on the picture (pinch, drag) itself.
          sx={{ position: 'absolute', inset: 0, touchAction: 'none' }}
        />
        {state !== 'ready' && (
          <Box
            role="status"
            sx={{
              position: 'absolute',
              inset: 0,
              display: 'grid',
              placeItems: 'center',
              pointerEvents: 'none',
              px: 6,
            }}
          >
            {state === 'loading' ? (
              <CircularProgress aria-label={t('zoom.loading')} sx={{ color: 'rgba(255,255,255,0.8)' }} />
            ) : (
              <Typography sx={{ color: 'inherit', textAlign: 'center' }}>{t('zoom.failed')}</Typography>
            )}
          </Box>
        )}
        <Box
          role="toolbar"
          aria-label={t('zoom.controls')}
          sx={{
            position: 'absolute',
            bottom: { xs: 16, md: 24 },
            insetInlineEnd: { xs: 16, md: 24 },
            display: 'flex',
            gap: 2,
          }}
        >
          {(
            [
              ['zoomIn', <Add key="in" />, () => viewer.current?.zoomBy(ZOOM_STEP)],
              ['zoomOut', <Remove key="out" />, () => viewer.current?.zoomBy(1 / ZOOM_STEP)],
              ['fit', <FitScreen key="fit" />, () => viewer.current?.home()],
            ] as const
          ).map(([key, icon, act]) => (
            <Tooltip key={key} title={t(`zoom.${key}`)}>
              <span>
                <IconButton onClick={act} aria-label={t(`zoom.${key}`)} disabled={!ready} sx={control}>
                  {icon}
                </IconButton>
              </span>
            </Tooltip>
          ))}
        </Box>
      </Box>
    </ViewerDialog>
  );
}
