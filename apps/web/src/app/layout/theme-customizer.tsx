import Box from '@mui/material/Box';
import Fab from '@mui/material/Fab';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import { useTranslation } from 'react-i18next';
import { LazyTooltip } from '@/components/ui/lazy-tooltip.tsx';

/**
 * The theme customizer exists but is disabled (SPEC.md 2): its toggle is a disabled button explaining so,
 * and it has no panel yet: a drawer that never opens rendered nothing but brought MUI's Drawer and Modal into every
 * page's first download (issue 9); when the customizer is enabled, its panel should load lazily on the first click.
 * The settings it would edit live in lib/settings.ts. The tooltip's side is given for left-to-right: MUI mirrors it
 * in a right-to-left theme.
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
    </>
  );
}
