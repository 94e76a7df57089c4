import Chip from '@mui/material/Chip';
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
            ? 'rgba(255,255,255,0.92)'
            : th.palette.background.subtle,
        color: open ? th.palette.background.paper : overImage ? '#1B1916' : th.palette.text.primary,
      })}
    />
  );
}
