import { effectiveLotStatus } from '@knotwork/shared/bidding/lot-phase';
import type { RugAvailability } from '@knotwork/shared/constants/catalogue';
import type { Lot, RugDetail, RugSummary } from '@knotwork/shared/schemas/catalogue';
import type { ApiImage } from '@knotwork/shared/schemas/media';
import { isoFromMs, num, numOrNull } from '../../db/raw.ts';
import type { RugDetailRow, RugSummaryRow } from './rug-repository.ts';

/** How the rug can be had at `now` (same rules as the `availability` filter in filter-sql.ts). */
export function rugAvailability(row: RugSummaryRow, now: Date): RugAvailability {
  if (row.status === 'sold') return 'sold';
  if (row.lot_active && row.lot_status && row.lot_starts_ms !== null && row.lot_ends_ms !== null) {
    const status = effectiveLotStatus(
      {
        status: row.lot_status as Lot['status'],
        startsAt: num(row.lot_starts_ms),
        endsAt: num(row.lot_ends_ms),
      },
      now.getTime(),
    );
    if (status === 'open') return 'open';
    if (status === 'scheduled') return 'upcoming';
  }
  if (row.status === 'available' && row.fixed_price !== null && !row.lot_active) return 'buyNow';
  return 'available';
}

/**
 * The price a card shows: an active lot's live price, from the lot read with the card (fresh on every request),
 * else the row's own (fixed price or low estimate). The row's `price_cents` copies the lot's price only for the
 * listing's filter and sort and follows bids within a few seconds (migration 0160, jobs/listing-prices.ts).
 */
function cardPrice(row: RugSummaryRow, lot: Lot | null): number {
  if (row.lot_active && lot && lot.id === row.lot_id) return lot.currentBid ?? lot.openingBid;
  return num(row.price_cents);
}

export function toRugSummary(
  row: RugSummaryRow,
  parts: { now: Date; lot: Lot | null; image: ApiImage | null },
): RugSummary {
  // A live sale's lot being sold in the room reads open past its timed end (lot payload's publicLotStatus).
  const inRoom =
    row.lot_active &&
    parts.lot?.id === row.lot_id &&
    parts.lot.auctionType === 'live' &&
    parts.lot.status === 'open';
  const availability = inRoom ? 'open' : rugAvailability(row, parts.now);
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    originCountry: row.origin_country,
    originRegion: row.origin_region,
    style: row.style as RugSummary['style'],
    ageClass: row.age_class as RugSummary['ageClass'],
    circaYear: row.circa_year,
    widthCm: row.width_cm,
    lengthCm: row.length_cm,
    shape: row.shape as RugSummary['shape'],
    colours: row.colours as RugSummary['colours'],
    pileMaterials: row.pile_materials as RugSummary['pileMaterials'],
    conditionGrade: row.condition_grade as RugSummary['conditionGrade'],
    estimateLow: num(row.estimate_low),
    estimateHigh: num(row.estimate_high),
    fixedPrice: availability === 'buyNow' ? numOrNull(row.fixed_price) : null,
    price: cardPrice(row, parts.lot),
    status: row.status as RugSummary['status'],
    availability,
    image: parts.image,
    lot: parts.lot,
  };
}

export function toRugDetail(
  row: RugDetailRow,
  parts: {
    now: Date;
    lot: Lot | null;
    images: ApiImage[];
    collections: RugDetail['collections'];
    related: RugSummary[];
  },
): RugDetail {
  return {
    ...toRugSummary(row, { now: parts.now, lot: parts.lot, image: parts.images[0] ?? null }),
    description: row.description,
    foundationMaterials: row.foundation_materials as RugDetail['foundationMaterials'],
    knotType: row.knot_type as RugDetail['knotType'],
    knotDensity: row.knot_density,
    conditionReport: row.condition_report,
    images: parts.images,
    collections: parts.collections,
    related: parts.related,
    publishedAt: isoFromMs(row.published_ms),
  };
}
