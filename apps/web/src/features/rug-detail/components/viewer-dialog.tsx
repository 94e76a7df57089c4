import type { CSSProperties, KeyboardEvent, ReactNode } from 'react';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import Close from '@mui/icons-material/Close';

export interface ViewerDialogProps {
  open: boolean;
  onClose: () => void;
  onKeyDown: (event: KeyboardEvent) => void;
  /** The heading's id, which names the dialog. */
  titleId: string;
  title: ReactNode;
  /** The line under the heading; with `describedBy` it also describes the dialog. */
  subtitle: ReactNode;
  /** The line's own id, what it announces as it changes, and its own look. */
  subtitleProps?: { id?: string; 'aria-live'?: 'polite'; style?: CSSProperties };
  describedBy?: string;
  closeLabel: string;
  /** The close button's look, matched to the dialog's other buttons. */
  closeSx: SxProps<Theme>;
  children: ReactNode;
}

/**
 * The dark full-screen dialog the rug page shows its pictures in (the gallery and the zoom viewer): a header with
 * the heading, a line under it and the close button (focused first, so Escape or Enter leaves at once), then the
 * viewer itself filling the rest.
 */
export function ViewerDialog({
  open,
  onClose,
  onKeyDown,
  titleId,
  title,
  subtitle,
  subtitleProps,
  describedBy,
  closeLabel,
  closeSx,
  children,
}: ViewerDialogProps) {
  const { style: subtitleStyle, ...subtitleRest } = subtitleProps ?? {};
  return (
    <Dialog
      fullScreen
      open={open}
      onClose={onClose}
      onKeyDown={onKeyDown}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      slotProps={{ paper: { sx: { bgcolor: '#12110F', color: 'common.white', borderRadius: 0 } } }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 4,
          px: { xs: 4, md: 8 },
          py: 3,
        }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography id={titleId} variant="subtitle1" component="h2" noWrap sx={{ color: 'inherit' }}>
            {title}
          </Typography>
          <Typography
            variant="body2"
            {...subtitleRest}
            sx={{ color: 'rgba(255,255,255,0.72)', ...subtitleStyle }}
          >
            {subtitle}
          </Typography>
        </Box>
        <IconButton onClick={onClose} aria-label={closeLabel} sx={closeSx} autoFocus>
          <Close />
        </IconButton>
      </Box>
      {children}
    </Dialog>
  );
}
