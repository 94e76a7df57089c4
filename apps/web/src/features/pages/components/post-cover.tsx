import Box from '@mui/material/Box';
import type { ApiImage } from '@knotwork/shared/schemas/media';
import { ResponsiveImage } from '@/components/ui/responsive-image.tsx';
import { RugPattern } from '@/components/ui/rug-pattern.tsx';

/**
 * An article's cover: its picture when it has one, else a rug drawn from the slug, so every card keeps
 * the same shape and the journal never shows a grey box. Decorative either way: the title says it all.
 */
export function PostCover({
  image,
  seed,
  sizes,
  eager = false,
  aspectRatio = '3 / 2',
}: {
  image: ApiImage | null;
  seed: string;
  sizes: string;
  eager?: boolean;
  aspectRatio?: string;
}) {
  if (image)
    return <ResponsiveImage image={image} alt="" sizes={sizes} eager={eager} aspectRatio={aspectRatio} />;
  return (
    <Box sx={{ aspectRatio, width: '100%', bgcolor: 'background.subtle', overflow: 'hidden' }}>
      <RugPattern seed={seed} orientation="landscape" />
    </Box>
  );
}
