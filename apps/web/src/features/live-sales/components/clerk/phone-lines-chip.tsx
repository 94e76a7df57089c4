import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { ClerkView } from '../../api/clerk.ts';

/**
 * A lot's telephone lines for the clerk (issue 29 §1, decision 097): how many are booked and how many operators are
 * ready, green once all are (the lot may open), and how many still have no operator. Nothing for a lot without lines.
 */
export function PhoneLinesChip({ lines }: { lines: ClerkView['phoneLines'][string] | undefined }) {
  const { t } = useTranslation('admin');
  if (!lines) return null;
  const allReady = lines.ready >= lines.lines;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
      <Chip
        size="small"
        color={allReady ? 'success' : 'warning'}
        variant={allReady ? 'filled' : 'outlined'}
        data-testid="clerk-phone-lines"
        data-ready={allReady}
        label={t('live.phoneLines', { ready: lines.ready, lines: lines.lines })}
      />
      {lines.unassigned > 0 && (
        <Chip
          size="small"
          variant="outlined"
          label={t('live.phoneUnassigned', { count: lines.unassigned })}
        />
      )}
    </Box>
  );
}
