import type { Db } from '../../db/client.ts';
import { isUuid, num } from '../../db/raw.ts';
import { notFound } from '../../lib/http-error.ts';
import type {
  RealisedChart,
  RealisedChartQuery,
  RealisedListResponse,
  RealisedLot,
  RealisedQuery,
} from '@knotwork/shared/schemas/realised';
import { realisedMessages } from '@knotwork/shared/schemas/realised';
import type { AgeClass, RugStyle } from '@knotwork/shared/constants/catalogue';
import { toApiImage } from '../media/index.ts';
import { coverImage } from '../catalogue/cover-sql.ts';
import { createRealisedRepository, type RealisedRow } from './repository.ts';
import { pageMeta } from '../../lib/paging.ts';

/**
 * Realised prices (issue 14 section 5): the public record of sold lots, comparables for a rug and the price chart.
 * One house currency today (CURRENCY): every sale is held in it.
 */
export function createRealisedService({
  db,
  currency,
  mediaBaseUrl,
}: {
  db: Db;
  currency: string;
  mediaBaseUrl: string;
}) {
  const repo = createRealisedRepository(db);

  const toLot = (r: RealisedRow): RealisedLot => {
    const cover = coverImage(r);
    return {
      lotId: r.lot_id,
      lotNumber: num(r.lot_number),
      auctionTitle: r.auction_title,
      auctionSlug: r.auction_slug,
      soldAt: new Date(num(r.sold_ms)).toISOString(),
      hammerPrice: num(r.hammer_price),
      currency,
      estimateLow: num(r.estimate_low),
      estimateHigh: num(r.estimate_high),
      rugId: r.rug_id,
      rugSlug: r.rug_slug,
      title: r.title,
      originRegion: r.origin_region,
      originCountry: r.origin_country,
      style: r.style as RugStyle,
      ageClass: r.age_class as AgeClass,
      circaYear: r.circa_year === null ? null : num(r.circa_year),
      widthCm: num(r.width_cm),
      lengthCm: num(r.length_cm),
      image:
        cover && toApiImage(cover, { baseUrl: mediaBaseUrl, ...(r.cover_alt ? { alt: r.cover_alt } : {}) }),
    };
  };

  return {
    async list(q: RealisedQuery): Promise<RealisedListResponse> {
      const { rows, total } = await repo.list(q);
      return {
        data: rows.map(toLot),
        meta: pageMeta(q, total),
      };
    },

    async comparables(idOrSlug: string): Promise<RealisedLot[]> {
      const rug = await repo.rug(idOrSlug, isUuid(idOrSlug));
      if (!rug) throw notFound(realisedMessages.rugNotFound);
      return (await repo.comparables(rug)).map(toLot);
    },

    async chart(q: RealisedChartQuery): Promise<RealisedChart> {
      return { currency, years: await repo.chart(q) };
    },
  };
}
