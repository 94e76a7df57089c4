import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import ExpandMore from '@mui/icons-material/ExpandMore';
import type { FaqGroup } from '@knotwork/shared/schemas/content';
import { Highlight } from './highlight.tsx';

/** The groups of questions as accordions; each question's id is its anchor (#id opens it). */
export function FaqList({
  groups,
  terms,
  isExpanded,
  onToggle,
}: {
  groups: FaqGroup[];
  terms: string[];
  isExpanded: (id: string) => boolean;
  onToggle: (id: string, expanded: boolean) => void;
}) {
  return (
    <>
      {groups.map((g, gi) => (
        <Box
          component="section"
          key={g.group}
          aria-labelledby={`faq-group-${gi}`}
          sx={{ mb: { xs: 10, md: 14 } }}
        >
          <Typography
            id={`faq-group-${gi}`}
            variant="overline"
            component="h2"
            sx={{ color: 'accent.dark', mb: 2, display: 'block' }}
          >
            {g.group}
          </Typography>
          {g.items.map((item) => (
            <Accordion
              key={item.id}
              id={item.id}
              disableGutters
              expanded={isExpanded(item.id)}
              onChange={(_, expanded) => onToggle(item.id, expanded)}
              slotProps={{ heading: { component: 'h3' }, transition: { unmountOnExit: false } }}
              sx={{
                scrollMarginTop: 120,
                bgcolor: 'transparent',
                boxShadow: 'none',
                borderBottom: 1,
                borderColor: 'divider',
                '&::before': { display: 'none' },
              }}
            >
              <AccordionSummary
                expandIcon={<ExpandMore />}
                aria-controls={`${item.id}-answer`}
                id={`${item.id}-question`}
                sx={{ px: 0, py: 2 }}
              >
                <Typography variant="subtitle1" component="span" sx={{ fontWeight: 600, pr: 4 }}>
                  <Highlight text={item.question} terms={terms} />
                </Typography>
              </AccordionSummary>
              <AccordionDetails id={`${item.id}-answer`} sx={{ px: 0, pt: 0, pb: 6 }}>
                <Typography variant="body1" sx={{ color: 'text.secondary', maxWidth: '68ch' }}>
                  <Highlight text={item.answer} terms={terms} />
                </Typography>
              </AccordionDetails>
            </Accordion>
          ))}
        </Box>
      ))}
    </>
  );
}
