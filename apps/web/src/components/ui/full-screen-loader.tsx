import Box from '@mui/material/Box';
import { keyframes } from '@mui/material/styles';
import { Logo } from './logo.tsx';

const breathe = keyframes`
  0%, 100% { opacity: 0.45; transform: scale(0.98); }
  50% { opacity: 1; transform: scale(1); }
`;

/**
 * The start-up screen while the session is checked (SPEC.md 2). Its label is plain text because it can show
 * before the translations have loaded.
 */
export function FullScreenLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Box
      role="status"
      aria-live="polite"
      aria-label={label}
      data-testid="startup-loader"
      sx={{
        position: 'fixed',
        inset: 0,
        zIndex: (t) => t.zIndex.modal + 10,
        display: 'grid',
        placeItems: 'center',
        bgcolor: 'background.default',
      }}
    >
      <Box sx={{ animation: `${breathe} 1.8s ease-in-out infinite`, '@media (prefers-reduced-motion: reduce)': { animation: 'none' } }}>
        <Logo height={40} />
      </Box>
    </Box>
  );
}
