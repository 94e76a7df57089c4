import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

/** One line of a price table: the label on the left, the amount right-aligned in tabular figures. */
export function SummaryRow({
  label,
  value,
  strong,
  testId,
}: {
  label: ReactNode;
  value: ReactNode;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <Box
      sx={{
        display: 'flex',
        justifyContent: 'space-between',
        gap: 4,
        py: 1,
        fontVariantNumeric: 'tabular-nums',
        fontWeight: strong ? 600 : 400,
        fontSize: strong ? '1.125rem' : undefined,
        color: strong ? 'text.primary' : 'text.secondary',
      }}
    >
      <span>{label}</span>
      <Box component="span" data-testid={testId} sx={{ color: 'text.primary', whiteSpace: 'nowrap' }}>
        {value}
      </Box>
    </Box>
  );
}
