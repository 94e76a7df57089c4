import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import type { RugSummary } from '@knotwork/shared/schemas/catalogue';
import { RugCard } from '@/components/ui/rug-card.tsx';
import { SectionHeading } from '@/components/ui/section-heading.tsx';

/** Rugs like this one (same collection, weaving centre or style, then closest in price), as listing cards. */
export function RelatedRugs({ rugs, clockOffsetMs }: { rugs: RugSummary[]; clockOffsetMs: number }) {
  const { t } = useTranslation('rug');
  if (rugs.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="related-title" data-testid="related-rugs">
      <SectionHeading overline={t('related.overline')} title={t('related.title')} id="related-title" />
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: { xs: 6, md: 8 },
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
        }}
      >
        {rugs.map((rug) => (
          <Box component="li" key={rug.id}>
            <RugCard
              rug={rug}
              clockOffsetMs={clockOffsetMs}
              headingComponent="h3"
              sizes="(min-width: 900px) 22vw, 46vw"
            />
          </Box>
        ))}
      </Box>
    </Box>
  );
}
