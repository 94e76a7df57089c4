import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { PageContainer } from '@/components/ui/page-container.tsx';

/**
 * The listing's own, shorter page header (same stone band, gold overline and one h1 as the shell's PageHeader):
 * on a catalogue page the rugs, not the introduction, should meet the eye above the fold.
 */
export function ListingHeader({
  overline,
  title,
  intro,
}: {
  overline: string;
  title: string;
  intro: string;
}) {
  return (
    <Box component="header" sx={{ bgcolor: 'background.subtle', borderBottom: 1, borderColor: 'divider' }}>
      <PageContainer sx={{ py: { xs: 8, md: 11 } }}>
        <Typography variant="overline" component="p" sx={{ color: 'accent.dark', mb: 1.5 }}>
          {overline}
        </Typography>
        <Typography variant="h2" component="h1">
          {title}
        </Typography>
        <Typography variant="body1" sx={{ color: 'text.secondary', mt: 3, maxWidth: 640 }}>
          {intro}
        </Typography>
      </PageContainer>
    </Box>
  );
}
