import Chip from '@mui/material/Chip';
import { alpha } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { AuctionPhase } from '../lib/auction-phase.ts';

/** "Open now" in ink, "Upcoming" and "Ended" quieter. */
export function PhaseChip({ phase, overImage = false }: { phase: AuctionPhase; overImage?: boolean }) {
  const { t } = useTranslation('sales');
  const open = phase === 'open';
  return (
    <Chip
      size="small"
      label={t(`phase.${phase}`)}
      sx={(th) => ({
        fontWeight: 600,
        fontSize: '0.68rem',
        letterSpacing: '0.08em',
        textTransform: 'uppercase',
        bgcolor: open
          ? th.palette.text.primary
          : overImage
            ? alpha(th.palette.background.paper, 0.92)
            : th.palette.background.subtle,
        color: open ? th.palette.background.paper : th.palette.text.primary,
      })}
    />
  );
}
