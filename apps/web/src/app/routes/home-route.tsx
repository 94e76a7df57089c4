import { HomePage } from '@/features/home/routes/home-page.tsx';
import { CollectionGrid } from '@/features/collections/components/collection-grid.tsx';

/** / and /home: the landing page with the first six collections. */
export default function HomeRoute() {
  return <HomePage collections={<CollectionGrid limit={6} />} />;
}
