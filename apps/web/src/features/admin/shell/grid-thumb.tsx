import Box from '@mui/material/Box';

/** A small picture in a grid row (decorative: the row's title names it), or nothing. */
export function GridThumb({ src, width = 56 }: { src: string | undefined; width?: number }) {
  if (!src) return null;
  return (
    <Box
      component="img"
      src={src}
      alt=""
      sx={{ width, height: 40, objectFit: 'cover', borderRadius: '6px', display: 'block', mt: 1 }}
    />
  );
}
