import { useState, type ReactNode } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import ExpandMore from '@mui/icons-material/ExpandMore';

/** One collapsible group of the filter panel; its title is an h3 under the panel's "Filters" heading. */
export function FilterSection({
  title,
  activeCount = 0,
  defaultOpen = false,
  children,
}: {
  title: string;
  activeCount?: number;
  defaultOpen?: boolean;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(defaultOpen || activeCount > 0);
  return (
    <Accordion
      expanded={open}
      onChange={(_, o) => setOpen(o)}
      slotProps={{ heading: { component: 'h3' }, transition: { unmountOnExit: true } }}
    >
      <AccordionSummary
        expandIcon={<ExpandMore />}
        sx={{ px: 0, minHeight: 52, '& .MuiAccordionSummary-content': { my: 3 } }}
      >
        <Typography component="span" sx={{ fontWeight: 600, fontSize: '0.92rem', letterSpacing: '0.01em' }}>
          {title}
        </Typography>
        {activeCount > 0 && (
          <Box
            component="span"
            sx={{
              ml: 2,
              minWidth: 20,
              height: 20,
              px: 1.5,
              borderRadius: 10,
              bgcolor: 'text.primary',
              color: 'background.paper',
              fontSize: '0.7rem',
              fontWeight: 700,
              display: 'inline-grid',
              placeItems: 'center',
            }}
          >
            {activeCount}
          </Box>
        )}
      </AccordionSummary>
      <AccordionDetails sx={{ px: 0, pt: 0, pb: 5 }}>{children}</AccordionDetails>
    </Accordion>
  );
}
