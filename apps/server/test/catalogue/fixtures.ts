import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';
import type { GeneratedRug } from '../../src/seed/demo-catalogue/generate-rug.ts';
import { insertRugs } from '../../src/seed/demo-catalogue/insert-rugs.ts';

/** A small, hand-written catalogue every catalogue and sales test reads; each file seeds its own copy. */
const base: Omit<GeneratedRug, 'slug' | 'title' | 'collections'> = {
  description: 'A rug.',
  originCountry: 'Iran',
  originRegion: 'Heriz',
  style: 'persian',
  ageClass: 'antique',
  circaYear: 1900,
  widthCm: 200,
  lengthCm: 300,
  shape: 'rectangle',
  pileMaterials: ['wool'],
  foundationMaterials: ['cotton'],
  knotType: 'symmetric',
  knotDensity: 80,
  colours: ['red'],
  conditionGrade: 'good',
  conditionReport: 'Even low pile. Minor end losses.',
  estimateLow: 400_000,
  estimateHigh: 600_000,
  fixedPrice: null,
};

export const FIXTURE_RUGS: (GeneratedRug & { status?: string; publishedAt: Date })[] = [
  {
    ...base,
    slug: 'heriz-serapi',
    title: 'Antique Heriz Serapi Carpet, circa 1890',
    description: 'A bold medallion on a rust field.',
    colours: ['rust', 'ivory', 'navy'],
    widthCm: 280,
    lengthCm: 390,
    estimateLow: 1_800_000,
    estimateHigh: 2_600_000,
    collections: ['antique-persian'],
    publishedAt: new Date('2025-01-08T00:00:00Z'),
  },
  {
    ...base,
    slug: 'kashan-silk',
    title: 'Antique Silk Kashan Rug, circa 1900',
    description: 'Silk pile of great sheen; compare the Heriz next door.',
    originRegion: 'Kashan',
    pileMaterials: ['silk'],
    foundationMaterials: ['silk'],
    knotType: 'asymmetric',
    knotDensity: 300,
    colours: ['ivory', 'blue'],
    widthCm: 130,
    lengthCm: 200,
    estimateLow: 3_000_000,
    estimateHigh: 4_500_000,
    conditionGrade: 'excellent',
    collections: ['antique-persian', 'silk-collector'],
    publishedAt: new Date('2025-01-07T00:00:00Z'),
  },
  {
    ...base,
    slug: 'kazak-prayer',
    title: 'Antique Fachralo Kazak Prayer Rug, circa 1880',
    originCountry: 'Caucasus',
    originRegion: 'Kazak',
    style: 'caucasian',
    foundationMaterials: ['wool'],
    colours: ['red', 'green'],
    widthCm: 120,
    lengthCm: 160,
    estimateLow: 500_000,
    estimateHigh: 800_000,
    collections: ['caucasian-tribal'],
    publishedAt: new Date('2025-01-06T00:00:00Z'),
  },
  {
    ...base,
    slug: 'oushak-runner',
    title: 'Vintage Oushak Runner, circa 1950',
    originCountry: 'Turkey',
    originRegion: 'Oushak',
    style: 'turkish',
    ageClass: 'vintage',
    circaYear: 1950,
    shape: 'runner',
    foundationMaterials: ['wool'],
    colours: ['orange', 'ivory'],
    widthCm: 85,
    lengthCm: 420,
    estimateLow: 250_000,
    estimateHigh: 400_000,
    fixedPrice: 350_000,
    collections: ['runners'],
    publishedAt: new Date('2025-01-05T00:00:00Z'),
  },
  {
    ...base,
    slug: 'beni-ourain',
    title: 'Vintage Beni Ourain Rug, circa 1970',
    originCountry: 'Morocco',
    originRegion: 'Middle Atlas',
    style: 'moroccan',
    ageClass: 'vintage',
    circaYear: 1970,
    knotDensity: 12,
    foundationMaterials: ['wool'],
    colours: ['ivory', 'black'],
    widthCm: 180,
    lengthCm: 290,
    estimateLow: 150_000,
    estimateHigh: 250_000,
    collections: [],
    publishedAt: new Date('2025-01-04T00:00:00Z'),
  },
  {
    ...base,
    slug: 'tekke-main-carpet',
    title: 'Antique Tekke Turkmen Main Carpet, circa 1870',
    originCountry: 'Turkmenistan',
    originRegion: 'Tekke',
    style: 'centralAsian',
    knotType: 'asymmetric',
    foundationMaterials: ['goatHair', 'wool'],
    colours: ['red', 'navy'],
    widthCm: 210,
    lengthCm: 260,
    estimateLow: 700_000,
    estimateHigh: 1_000_000,
    collections: [],
    status: 'sold',
    publishedAt: new Date('2025-01-03T00:00:00Z'),
  },
  {
    ...base,
    slug: 'round-tibetan',
    title: 'Modern Tibetan Round Rug, Kathmandu',
    originCountry: 'Nepal',
    originRegion: 'Kathmandu',
    style: 'modern',
    ageClass: 'modern',
    circaYear: 2020,
    shape: 'round',
    knotType: 'tibetan',
    colours: ['grey', 'blue'],
    widthCm: 240,
    lengthCm: 240,
    estimateLow: 300_000,
    estimateHigh: 450_000,
    fixedPrice: 400_000,
    collections: [],
    publishedAt: new Date('2025-01-02T00:00:00Z'),
  },
  {
    ...base,
    slug: 'draft-rug',
    title: 'Draft Heriz Rug',
    collections: [],
    status: 'draft',
    publishedAt: new Date('2025-01-01T00:00:00Z'),
  },
];

export interface Fixture {
  rug: Record<string, string>;
  collection: Record<string, string>;
  auction: { open: string; upcoming: string; past: string };
  lot: { open1: string; open2: string; upcoming: string; pastSold: string };
  now: Date;
}

const HOUR = 3_600_000;

/** Seeds the fixture catalogue: two collections, eight rugs, an open, an upcoming and a finished sale. */
export async function seedFixture(db: Db, now = new Date()): Promise<Fixture> {
  const collections = (
    (await db.execute(sql`insert into collections (title, slug, description, sort_order) values
      ('Antique Persian', 'antique-persian', 'Persian', 0), ('Caucasian Tribal', 'caucasian-tribal', 'Caucasian', 1),
      ('Silk & Collector Pieces', 'silk-collector', 'Silk', 2), ('Runners & Gallery Sizes', 'runners', 'Long', 3)
      returning id, slug`)) as { rows: { id: string; slug: string }[] }
  ).rows;
  const collection = Object.fromEntries(collections.map((c) => [c.slug, c.id]));
  const ids = await insertRugs(db, FIXTURE_RUGS, new Map(Object.entries(collection)));
  const rug = Object.fromEntries(ids);

  const at = (hours: number) => new Date(now.getTime() + hours * HOUR).toISOString();
  const auction = async (
    slug: string,
    title: string,
    starts: number,
    ends: number,
    status: string,
    type = 'timed',
  ) =>
    (
      (await db.execute(sql`insert into auctions (slug, title, type, status, starts_at, ends_at, stagger_seconds)
        values (${slug}, ${title}, ${type}, ${status}, ${at(starts)}::timestamptz, ${at(ends)}::timestamptz, 60) returning id`)) as {
        rows: { id: string }[];
      }
    ).rows[0]!.id;
  const open = await auction('spring-sale', 'Spring Sale', -24, 2, 'open');
  const upcoming = await auction('summer-sale', 'Summer Sale', 48, 72, 'scheduled', 'live');
  const past = await auction('winter-sale', 'Winter Sale', -96, -72, 'closed');

  const lot = async (values: {
    auction: string;
    rug: string;
    n: number;
    starts: number;
    ends: number;
    status: string;
    outcome?: string;
    opening?: number;
    reserve?: number | null;
    buyNow?: number | null;
    current?: number | null;
    bids?: number;
    reserveMet?: boolean;
    hammer?: number | null;
  }) =>
    (
      (await db.execute(sql`insert into lots (auction_id, rug_id, lot_number, opening_bid, reserve, buy_now_price,
          estimate_low, estimate_high, status, outcome, starts_at, ends_at, current_bid, bid_count, reserve_met, hammer_price)
        values (${values.auction}::uuid, ${values.rug}::uuid, ${values.n}, ${values.opening ?? 200_000}, ${values.reserve ?? null},
          ${values.buyNow ?? null}, 400000, 600000, ${values.status}, ${values.outcome ?? null}, ${at(values.starts)}::timestamptz,
          ${at(values.ends)}::timestamptz, ${values.current ?? null}, ${values.bids ?? 0}, ${values.reserveMet ?? false},
          ${values.hammer ?? null})
        returning id`)) as { rows: { id: string }[] }
    ).rows[0]!.id;

  // Lot 2 ends before lot 1 here on purpose (soft close moved lot 1), so "soonest end" is not lot order.
  const open1 = await lot({
    auction: open,
    rug: rug['heriz-serapi']!,
    n: 1,
    starts: -24,
    ends: 3,
    status: 'open',
    opening: 1_000_000,
    reserve: 1_500_000,
    current: 1_200_000,
    bids: 3,
  });
  const open2 = await lot({
    auction: open,
    rug: rug['kazak-prayer']!,
    n: 2,
    starts: -24,
    ends: 2,
    status: 'open',
    opening: 250_000,
    buyNow: 900_000,
  });
  const upcomingLot = await lot({
    auction: upcoming,
    rug: rug['kashan-silk']!,
    n: 1,
    starts: 48,
    ends: 72,
    status: 'scheduled',
    opening: 1_500_000,
  });
  const pastSold = await lot({
    auction: past,
    rug: rug['tekke-main-carpet']!,
    n: 1,
    starts: -96,
    ends: -72,
    status: 'closed',
    outcome: 'sold',
    opening: 300_000,
    current: 820_000,
    bids: 9,
    reserveMet: true,
    hammer: 820_000,
  });
  return {
    rug,
    collection,
    auction: { open, upcoming, past },
    lot: { open1, open2, upcoming: upcomingLot, pastSold },
    now,
  };
}

export const filterUrl = (filter: unknown) =>
  `/api/v1/rug?data=${encodeURIComponent(JSON.stringify(filter))}`;
