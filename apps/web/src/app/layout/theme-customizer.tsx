import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import Fab from '@mui/material/Fab';
import Typography from '@mui/material/Typography';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import { useTranslation } from 'react-i18next';
import { LazyTooltip } from '@/components/ui/lazy-tooltip.tsx';

/**
 * The theme customizer exists but is disabled (SPEC.md 2): its toggle is a disabled button explaining so,
 * and its panel stays closed. The panel is not kept mounted: a mounted closed drawer measures itself (a forced
 * layout) on every page load and resize, for a panel nobody can open. The settings it would edit live in
 * lib/settings.ts. The drawer's side and the tooltip's are given for left-to-right: MUI mirrors both in a
 * right-to-left theme.
 */
export function ThemeCustomizer() {
  const { t } = useTranslation();
  return (
    <>
      <LazyTooltip title={t('customizer.disabled')} placement="right">
        {/* A disabled button fires no events; the span lets the tooltip still explain why. */}
        <Box
          component="span"
          sx={{
            position: 'fixed',
            insetInlineStart: 24,
            bottom: 24,
            zIndex: (th) => th.zIndex.speedDial,
            display: { xs: 'none', md: 'inline-flex' },
          }}
        >
          <Fab
            size="small"
            disabled
            aria-label={t('customizer.open')}
            data-testid="theme-customizer-toggle"
            sx={{
              '&.Mui-disabled': {
                bgcolor: 'background.paper',
                border: 1,
                borderColor: 'divider',
                color: 'text.disabled',
              },
            }}
          >
            <TuneOutlined fontSize="small" />
          </Fab>
        </Box>
      </LazyTooltip>
      <Drawer anchor="right" open={false} data-testid="theme-customizer">
        <Box sx={{ width: 360, p: 6 }}>
          <Typography variant="h6" component="h2">
            {t('customizer.title')}
          </Typography>
        </Box>
      </Drawer>
    </>
  );
}
