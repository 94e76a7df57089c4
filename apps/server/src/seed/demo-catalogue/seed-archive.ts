import type { Db } from '../../db/client.ts';
import type { DemoSale } from './demo-sales.ts';
import { generateRug } from './generate-rug.ts';
import { insertRugs } from './insert-rugs.ts';
import { createRandom } from './random.ts';
import { seedDemoSales } from './seed-sales.ts';

const DAY = 86_400_000;
/** Seven past sales, one every six months back to three and a half years ago, a dozen lots each. */
const ARCHIVE_MONTHS_AGO = [4, 10, 16, 22, 28, 34, 40] as const;
const LOTS_PER_SALE = 12;
const SEASONS = ['Spring', 'Autumn'] as const;

function archiveSales(now: Date): DemoSale[] {
  return ARCHIVE_MONTHS_AGO.map((months, i) => {
    const ends = new Date(now.getTime() - months * 30.4 * DAY);
    const season = SEASONS[i % 2]!;
    return {
      slug: `archive-${season.toLowerCase()}-${ends.getUTCFullYear()}-${i + 1}`,
      title: `${season} Fine Rugs and Carpets ${ends.getUTCFullYear()}`,
      description: 'A past sale of antique, vintage and decorative rugs from private collections.',
      type: 'timed',
      startsInHours: -(months * 30.4 + 7) * 24,
      firstLotEndsInHours: -months * 30.4 * 24,
      staggerSeconds: 60,
      lots: LOTS_PER_SALE,
      styles: [],
    };
  });
}

/**
 * Past sales for the realised-prices page (issue 14 section 5): rugs of their own (the current demo sales and the
 * listing keep theirs), sold over the last three and a half years so the price chart has several years. Unsold
 * archive rugs went back to their owners (withdrawn), so old leftovers do not crowd the listing.
 */
export async function seedDemoArchive(
  db: Db,
  collectionIds: ReadonlyMap<string, string>,
  now = new Date(),
): Promise<number> {
  const rng = createRandom(1977);
  const sales = archiveSales(now);
  const rugs = Array.from({ length: sales.length * LOTS_PER_SALE }, (_, i) => ({
    ...generateRug(rng, 4000 + i, now.getUTCFullYear() - 3),
    fixedPrice: null,
    // Published a few weeks before its sale: the newest-first listing shows them last.
    publishedAt: new Date(
      now.getTime() - ((ARCHIVE_MONTHS_AGO[Math.floor(i / LOTS_PER_SALE)] ?? 0) * 30.4 + 30) * DAY,
    ),
  }));
  const ids = await insertRugs(db, rugs, collectionIds);
  return seedDemoSales(db, now, {
    sales,
    rugIds: new Set(ids.values()),
    seed: 1977,
    unsoldStatus: 'withdrawn',
  });
}
