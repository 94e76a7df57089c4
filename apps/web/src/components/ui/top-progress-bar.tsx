import LinearProgress from '@mui/material/LinearProgress';
import { layout } from '@knotwork/shared/constants/layout';

/** The 3px bar across the top of the page while a route loads or a request is under way (SPEC.md 9). */
export function TopProgressBar({ active, label }: { active: boolean; label: string }) {
  if (!active) return null;
  return (
    <LinearProgress
      aria-label={label}
      data-testid="top-progress-bar"
      sx={{
        position: 'fixed',
        top: 0,
        left: 0,
        right: 0,
        height: layout.progressBarHeight,
        zIndex: (t) => t.zIndex.tooltip + 1,
        bgcolor: 'transparent',
        '& .MuiLinearProgress-bar': { bgcolor: 'accent.main' },
      }}
    />
  );
}
