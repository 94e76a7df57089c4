import { HomePage } from '@/features/home/routes/home-page.tsx';
import { useHomeFeatures } from '@/features/home/api/get-home-features.ts';
import { CollectionGrid } from '@/features/collections/components/collection-grid.tsx';
import { FeaturedSale } from '@/features/sales/components/featured-sale.tsx';

/** / and /home: the landing page with the sale and collections staff feature (else the first six collections). */
export default function HomeRoute() {
  const { data } = useHomeFeatures();
  return (
    <HomePage
      featuredSale={data?.featuredSaleId ? <FeaturedSale id={data.featuredSaleId} /> : null}
      collections={
        // Below the hero: eager high-priority pictures there took the slow link from the first screen.
        <CollectionGrid limit={6} ids={data?.collectionIds ?? []} eagerCount={0} />
      }
    />
  );
}
