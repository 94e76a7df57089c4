import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { RugDetail } from '@knotwork/shared/schemas/catalogue';
import { HydrationSlice } from '@/components/ui/hydration-slice.tsx';
import { PageContainer } from '@/components/ui/page-container.tsx';
import { layout } from '@knotwork/shared/constants/layout';
import { BuyNowPanel } from './buy-now-panel.tsx';
import { ConditionReport } from './condition-report.tsx';
import { Paragraphs } from './paragraphs.tsx';
import { RelatedRugs } from './related-rugs.tsx';
import { RugBreadcrumbs } from './rug-breadcrumbs.tsx';
import { RugGallery } from './rug-gallery.tsx';
import { RugIntro } from './rug-intro.tsx';
import { SpecTable } from './spec-table.tsx';

/**
 * One rug: pictures beside its name and how it can be had, then the description, specification and condition
 * report, then rugs like it. `live` (/rugs-details-live/{id}) leads with the lot: on a phone the panel comes
 * before the pictures, on a desktop it stays in view while the page scrolls.
 */
export function RugDetailView({
  rug,
  receivedAt,
  live = false,
  panel: panelOverride,
  extra,
  tools,
  condition,
}: {
  rug: RugDetail;
  receivedAt: number;
  live?: boolean;
  /** The lot panel (the route composes the live one); when absent, a rug without a lot shows its buy-now panel. */
  panel?: ReactNode;
  /** A section the route composes after the rug's description (the comparables of realised prices). */
  extra?: ReactNode;
  /** Tools the route composes under the rug's facts (the room planner's "See it in my room"). */
  tools?: ReactNode;
  /** What the route composes under the condition report (a lot's report on request, decision 095). */
  condition?: ReactNode;
}) {
  const { t } = useTranslation('rug');
  const lot = rug.lot;
  const clockOffsetMs = lot ? Date.parse(lot.serverNow) - receivedAt : 0;
  // A lot's panel is live (bidding) and composed by the route; without one this view shows no lot panel.
  const panel = panelOverride ?? (lot ? null : <BuyNowPanel rug={rug} />);
  // The header is 90px (SPEC.md 9); the sticky column clears it with some air.
  const stickyTop = `${layout.headerHeight + 24}px`;

  return (
    <PageContainer sx={{ py: { xs: 6, md: 10 } }}>
      <RugBreadcrumbs title={rug.title} collection={rug.collections[0]} />
      <Box
        sx={{
          mt: { xs: 5, md: 8 },
          display: 'grid',
          gap: { xs: 8, md: 12 },
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 7fr) minmax(0, 5fr)' },
          alignItems: 'start',
        }}
      >
        <Box sx={{ order: { xs: live ? 2 : 1, md: 1 } }}>
          <HydrationSlice>
            <RugGallery images={rug.images} title={rug.title} seed={rug.slug} />
          </HydrationSlice>
        </Box>
        <Box
          sx={{
            order: { xs: live ? 1 : 2, md: 2 },
            position: { md: live ? 'sticky' : 'static' },
            top: { md: stickyTop },
            // A sticky column taller than the screen would hide its end (the bid button) until the page ends:
            // cap it to the space under the header and let it scroll on its own.
            ...(live && {
              maxHeight: { md: `calc(100vh - ${stickyTop} - 24px)` },
              overflowY: { md: 'auto' },
              overscrollBehavior: { md: 'contain' },
            }),
            display: 'flex',
            flexDirection: 'column',
            gap: 8,
          }}
        >
          <HydrationSlice>
            <RugIntro rug={rug} />
            {tools}
          </HydrationSlice>
          <HydrationSlice>{panel}</HydrationSlice>
        </Box>
      </Box>

      <Box
        sx={{
          mt: { xs: 12, md: 20 },
          pt: { xs: 10, md: 14 },
          borderTop: 1,
          borderColor: 'divider',
          display: 'grid',
          gap: { xs: 12, md: 16 },
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 7fr) minmax(0, 5fr)' },
        }}
      >
        <HydrationSlice>
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: { xs: 10, md: 14 } }}>
            {rug.description.trim() && (
              <Box component="section" aria-labelledby="description-title">
                <Typography
                  variant="overline"
                  component="h2"
                  id="description-title"
                  sx={{ color: 'accent.dark', mb: 3 }}
                >
                  {t('description.title')}
                </Typography>
                <Paragraphs text={rug.description} />
              </Box>
            )}
            <ConditionReport grade={rug.conditionGrade} report={rug.conditionReport} />
            {condition}
          </Box>
        </HydrationSlice>
        <HydrationSlice>
          <SpecTable rug={rug} />
        </HydrationSlice>
      </Box>

      {extra && (
        <Box sx={{ mt: { xs: 16, md: 24 } }}>
          <HydrationSlice>{extra}</HydrationSlice>
        </Box>
      )}

      {rug.related.length > 0 && (
        <Box sx={{ mt: { xs: 16, md: 24 } }}>
          <HydrationSlice>
            <RelatedRugs rugs={rug.related} clockOffsetMs={clockOffsetMs} />
          </HydrationSlice>
        </Box>
      )}
    </PageContainer>
  );
}
