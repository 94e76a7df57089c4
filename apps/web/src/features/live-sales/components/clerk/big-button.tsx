import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';

/** One of the console's large action buttons, with its keyboard shortcut shown on it. */
export function BigButton({
  children,
  onClick,
  disabled = false,
  shortcut,
  testId,
  color = 'primary',
  describedBy,
}: {
  children: ReactNode;
  onClick: () => void;
  disabled?: boolean;
  shortcut: string;
  testId: string;
  color?: 'primary' | 'success' | 'warning' | 'inherit';
  /** The id of the words saying why the button is disabled. */
  describedBy?: string;
}) {
  return (
    <Button
      variant={color === 'inherit' ? 'outlined' : 'contained'}
      color={color}
      size="large"
      disabled={disabled}
      onClick={onClick}
      data-testid={testId}
      aria-describedby={describedBy}
      aria-keyshortcuts={shortcut === ' ' ? 'Space' : shortcut}
      // Words wrap inside the button rather than push a phone's page sideways (360 px, issue 24).
      sx={{
        py: 2.5,
        fontSize: '1.05rem',
        justifyContent: 'space-between',
        gap: 2,
        minWidth: 0,
        textAlign: 'start',
        overflowWrap: 'anywhere',
      }}
    >
      <span>{children}</span>
      <Box component="kbd" sx={{ fontSize: '0.75rem', opacity: 0.75, border: 1, borderRadius: 1, px: 1 }}>
        {shortcut}
      </Box>
    </Button>
  );
}
