import Box from '@mui/material/Box';
import { formatSize, useSizeUnit } from '@/lib/units.ts';

/** The size in both units, the visitor's preferred one first: "208 × 327 cm · 6'10" × 10'9"". */
export function RugSizes({ widthCm, lengthCm }: { widthCm: number; lengthCm: number }) {
  const { unit } = useSizeUnit();
  const other = unit === 'cm' ? 'ftIn' : 'cm';
  return (
    <Box component="span" data-testid="rug-sizes">
      {/* Isolated left to right: in a right-to-left page 12'9" × 16'9" would otherwise read "9'16 × "9'12. */}
      <Box component="bdi" dir="ltr" sx={{ fontWeight: 500, color: 'text.primary' }}>
        {formatSize(widthCm, lengthCm, unit)}
      </Box>
      <Box component="span" aria-hidden sx={{ mx: 2, opacity: 0.5 }}>
        ·
      </Box>
      <Box component="bdi" dir="ltr" sx={{ color: 'text.secondary' }}>
        {formatSize(widthCm, lengthCm, other)}
      </Box>
    </Box>
  );
}
