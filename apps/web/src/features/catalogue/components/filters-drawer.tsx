import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import Close from '@mui/icons-material/Close';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/lib/format.ts';

/** The filter panel on small screens: a full-height sheet; changes apply at once, the footer shows what they give. */
export function FiltersDrawer({
  open,
  onClose,
  total,
  onClearAll,
  activeCount,
  children,
}: {
  open: boolean;
  onClose: () => void;
  total: number | undefined;
  onClearAll: () => void;
  activeCount: number;
  children: ReactNode;
}) {
  const { t } = useTranslation('catalogue');
  const titleId = useId();
  return (
    <Drawer
      open={open}
      onClose={onClose}
      anchor="left"
      slotProps={{
        paper: {
          'aria-labelledby': titleId,
          sx: { width: 'min(92vw, 420px)', display: 'flex', flexDirection: 'column' },
        } as object,
      }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          px: 6,
          py: 4,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Typography id={titleId} variant="h5" component="h2">
          {t('filters.title')}
        </Typography>
        <IconButton onClick={onClose} aria-label={t('filters.close')} edge="end">
          <Close />
        </IconButton>
      </Box>
      <Box component="aside" aria-labelledby={titleId} sx={{ flex: 1, overflowY: 'auto', px: 6 }}>
        {children}
      </Box>
      <Box
        sx={{
          display: 'flex',
          gap: 3,
          px: 6,
          py: 4,
          borderTop: 1,
          borderColor: 'divider',
          bgcolor: 'background.paper',
        }}
      >
        <Button color="inherit" onClick={onClearAll} disabled={activeCount === 0}>
          {t('chips.clearAll')}
        </Button>
        <Button variant="contained" onClick={onClose} sx={{ flex: 1 }}>
          {total === undefined
            ? t('filters.done')
            : t('filters.show', { count: total, formatted: formatNumber(total) })}
        </Button>
      </Box>
    </Drawer>
  );
}
