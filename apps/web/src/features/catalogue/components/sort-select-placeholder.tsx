import Box from '@mui/material/Box';

/** The sort field's outline while its menu code loads: the same size, so nothing moves when it arrives. */
export function SortSelectPlaceholder() {
  return (
    <Box
      aria-hidden
      sx={{
        width: { xs: '100%', md: 210 },
        maxWidth: 260,
        height: 40,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        bgcolor: 'background.paper',
      }}
    />
  );
}
