import Box from '@mui/material/Box';
import type { ApiImage } from '@knotwork/shared/schemas/media';
import { ResponsiveImage } from '@/components/ui/responsive-image.tsx';
import { RugPattern } from '@/components/ui/rug-pattern.tsx';

/** A sale's cover picture, or its own woven pattern while it has none. */
export function SaleCover({
  image,
  seed,
  sizes,
  eager = false,
  aspectRatio = '16 / 10',
}: {
  image: ApiImage | null;
  seed: string;
  sizes: string;
  eager?: boolean;
  aspectRatio?: string;
}) {
  if (image)
    return <ResponsiveImage image={image} sizes={sizes} alt="" eager={eager} aspectRatio={aspectRatio} />;
  return (
    <Box
      aria-hidden
      sx={{
        aspectRatio,
        bgcolor: 'background.subtle',
        display: 'grid',
        placeItems: 'center',
        overflow: 'hidden',
      }}
    >
      <RugPattern seed={seed} orientation="landscape" style={{ width: '86%', maxHeight: '86%' }} />
    </Box>
  );
}
