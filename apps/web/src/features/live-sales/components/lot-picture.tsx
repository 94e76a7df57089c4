import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import type { LiveLotSummary } from '@knotwork/shared/schemas/live-sales';
import { ResponsiveImage } from '@/components/ui/responsive-image.tsx';
import { radius } from '@/lib/theme.ts';
import { sxList } from '@/lib/sx.ts';

/** A lot's rug picture in a calm frame (a plain panel when the rug has no photo yet). */
export function LotPicture({ lot, sizes, sx }: { lot: LiveLotSummary; sizes: string; sx?: SxProps<Theme> }) {
  return (
    <Box
      sx={[
        {
          bgcolor: 'background.subtle',
          borderRadius: `${radius.card}px`,
          overflow: 'hidden',
          // The picture is laid in the frame, not sized by it: its intrinsic width must not widen the page.
          position: 'relative',
          minWidth: 0,
        },
        ...sxList(sx),
      ]}
    >
      {lot.rug.image && (
        <ResponsiveImage
          image={lot.rug.image}
          sizes={sizes}
          sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'contain' }}
        />
      )}
    </Box>
  );
}
