import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '@/components/ui/page-container.tsx';
import { SectionHeading } from '@/components/ui/section-heading.tsx';
import { useAuction } from '../api/get-auction.ts';
import { AuctionCard, AuctionCardSkeleton } from './auction-card.tsx';

/**
 * The sale staff feature on the home page (back office > Content > Home page). A sale that cannot be loaded
 * (ended and removed, or the network) leaves no gap: the section simply does not show.
 */
export function FeaturedSale({ id }: { id: string }) {
  const { t } = useTranslation('sales');
  const { data, isPending, isError } = useAuction(id);
  if (isError) return null;
  return (
    <Box component="section" aria-labelledby="home-featured-sale-title" sx={{ pt: { xs: 12, md: 20 } }}>
      <PageContainer>
        <SectionHeading
          id="home-featured-sale-title"
          overline={t('featured.overline')}
          title={t('featured.title')}
        />
        <Box sx={{ maxWidth: 560 }}>
          {isPending ? (
            <AuctionCardSkeleton />
          ) : (
            <AuctionCard auction={data.auction} receivedAt={data.receivedAt} eager />
          )}
        </Box>
      </PageContainer>
    </Box>
  );
}
