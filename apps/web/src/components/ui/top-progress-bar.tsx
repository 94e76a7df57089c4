import Box from '@mui/material/Box';
import { keyframes } from '@mui/material/styles';
import { layout } from '@knotwork/shared/constants/layout';

const sweep = keyframes`
  from { left: -40%; }
  to { left: 100%; }
`;

/**
 * The 3px bar across the top of the page while a route loads or a request is under way (SPEC.md 9). A plain
 * element with the role and name MUI's LinearProgress gives an indeterminate bar: that component and its
 * animations were in every page's first download for this one bar (issue 9).
 */
export function TopProgressBar({ active, label }: { active: boolean; label: string }) {
  if (!active) return null;
  return (
    <Box
      role="progressbar"
      aria-label={label}
      data-testid="top-progress-bar"
      sx={{
        position: 'fixed',
        top: 0,
        left: 0,
        right: 0,
        height: layout.progressBarHeight,
        zIndex: (t) => t.zIndex.tooltip + 1,
        overflow: 'hidden',
        pointerEvents: 'none',
      }}
    >
      <Box
        sx={{
          position: 'absolute',
          top: 0,
          bottom: 0,
          width: '40%',
          bgcolor: 'accent.main',
          animation: `${sweep} 1.4s ease-in-out infinite`,
        }}
      />
    </Box>
  );
}
