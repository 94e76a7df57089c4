import type { SxProps, Theme } from '@mui/material/styles';

export const footerLinkSx: SxProps<Theme> = {
  color: 'text.secondary',
  fontSize: '0.9rem',
  textDecoration: 'none',
  transition: 'color 200ms ease',
  '&:hover': { color: 'text.primary' },
};
