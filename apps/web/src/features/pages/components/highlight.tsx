import { Fragment } from 'react';
import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';
import { splitMatches } from '../lib/faq-search.ts';

/** `text` with the runs that match any of `terms` marked (<mark>, so screen readers may announce it). */
export function Highlight({ text, terms }: { text: string; terms: string[] }) {
  return (
    <>
      {splitMatches(text, terms).map((part, i) =>
        part.match ? (
          <Box
            key={i}
            component="mark"
            sx={{
              bgcolor: (th) =>
                th.palette.mode === 'dark' ? alpha(th.palette.accent.main, 0.35) : th.palette.accent.light,
              color: 'inherit',
              borderRadius: '2px',
              px: '1px',
            }}
          >
            {part.text}
          </Box>
        ) : (
          <Fragment key={i}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}
